import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp } from '../support/helpers';
import { mails } from '../../../server/db/schema';
import { carePaths } from '../../../src/resources/careRequests/parts/paths';
import { SECOND_PATIENT, validForm } from '../../fixtures/care-form';
import { createIntakeTestApp, submissions } from './mapping-helpers';

/** The mail that tells the office of each accepted care request. */
let t: TestApp;
beforeAll(async () => {
  t = await createIntakeTestApp();
});
afterAll(async () => t?.close());
const { accepted } = submissions(() => t);

describe('notification', () => {
  it('queues one mail to CARE_REQUEST_NOTIFY per accepted request, linking to the request in the panel', async () => {
    const uid = await accepted(validForm({ EinsatzPLZ: '13353', ...SECOND_PATIENT }));
    const queued = (await t.db.select().from(mails)).filter((mail) => mail.message.includes(uid));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      sender: 'caredesk@pflege-berlin.example',
      recipients: ['office@pflege-berlin.example'],
    });
    expect(queued[0].subject).toBe('New care request 13xxx (2 patients)');
    expect(queued[0].message).toContain(`http://localhost:8080${carePaths.incoming}?archived=${uid}`);
    expect(queued[0].message).toContain('Mission zip code: 13xxx');
    expect(queued[0].message).toContain('Patients: 2');
  });

  it('carries none of the personal data of the submission', async () => {
    const personal = {
      Vorname: 'Hildegard',
      Nachname: 'Quastenberg',
      Telefon: '0171 5550199',
      EMail: 'h.quastenberg@example.net',
      Bemerkungen: 'Schlüssel liegt beim Nachbarn',
      EinsatzPLZ: '12683',
      EinsatzOrt: 'Marzahn-Hellersdorf',
    };
    const uid = await accepted(validForm(personal));
    const [mail] = (await t.db.select().from(mails)).filter((entry) => entry.message.includes(uid));
    const text = `${mail.subject}\n${mail.message}`;
    for (const value of [...Object.values(personal), '5550199', 'quastenberg'])
      expect(text.toLowerCase()).not.toContain(value.toLowerCase());
  });
});
