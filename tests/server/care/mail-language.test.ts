import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails } from '../../../server/db/schema';
import { createTestApp, testConfig, type TestApp } from '../support/helpers';
import { SECOND_PATIENT, validForm } from '../../fixtures/care-form';
import { staff, submitted, worked } from './workflow-helpers';

/** The mails to staff in the agency's language (AGENCY_LANGUAGE=de): the intake's notice of a new request and the assignment mail. */

let t: TestApp;
beforeAll(async () => {
  const care = {
    ...testConfig().care,
    panelUrl: 'https://panel.example',
    notifyRecipients: ['office@pflege-berlin.example'],
    mailLanguage: 'de' as const,
  };
  t = await createTestApp({ config: { care } });
});
afterAll(async () => t?.close());

const mailsAbout = async (uid: string) =>
  (await t.db.select().from(mails)).filter((mail) => mail.message.includes(uid));
const link = (uid: string) => `https://panel.example/archive/incoming-care-requests/?archived=${uid}`;

describe('AGENCY_LANGUAGE=de', () => {
  it('writes the notice of a new care request in German, subject and body', async () => {
    const uid = await submitted(t, validForm({ EinsatzPLZ: '13353', ...SECOND_PATIENT }));
    const [notice] = await mailsAbout(uid);
    expect(notice.subject).toBe('Neue Betreuungsanfrage 13xxx (2 Patienten)');
    expect(notice.message).toBe(
      [
        'Eine neue Betreuungsanfrage ist eingegangen.',
        '',
        `In Caredesk öffnen: ${link(uid)}`,
        'PLZ des Einsatzorts: 13xxx',
        'Patienten: 2',
      ].join('\n'),
    );
    const single = await submitted(t, validForm({ EinsatzPLZ: '10115' }));
    expect((await mailsAbout(single))[0].subject).toBe('Neue Betreuungsanfrage 10xxx (1 Patient)');
  });

  it('writes the assignment mail in German', async () => {
    const [dispatcher, colleague] = [await staff(t, ['dispatcher']), await staff(t, ['dispatcher'])];
    const uid = await submitted(t, validForm({ EinsatzPLZ: '10115' }));
    await worked(t, uid, { version: 1, assignee_uid: colleague.uid }, dispatcher.token);
    const [assignment] = (await mailsAbout(uid)).filter((mail) => mail.recipients.includes(colleague.username));
    expect(assignment.subject).toBe('Betreuungsanfrage 10xxx Ihnen zugewiesen');
    expect(assignment.message).toBe(
      [
        `${dispatcher.publicName} hat Ihnen eine Betreuungsanfrage zugewiesen.`,
        '',
        `In Caredesk öffnen: ${link(uid)}`,
        'PLZ des Einsatzorts: 10xxx',
      ].join('\n'),
    );
  });
});
