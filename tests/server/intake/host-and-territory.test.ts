import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../support/helpers';
import { mails } from '../../../server/db/schema';
import { submit, validForm, without } from '../../fixtures/care-form';
import { createIntakeTestApp, submissions } from './mapping-helpers';

/** What an accepted submission records of where it came from (host, affiliate) and of its territory and partial zip code. */
let t: TestApp;
beforeAll(async () => {
  t = await createIntakeTestApp();
});
afterAll(async () => t?.close());
const { accepted, incoming } = submissions(() => t);
const defaults = testConfig().care;

describe('origin and affiliate', () => {
  it('host is the WWW origin host, also without a scheme', async () => {
    expect(
      (await incoming(await accepted(validForm({ WWW: 'https://WWW.Pflege-Hamburg.example:8443/form?x=1' })))).host,
    ).toBe('www.pflege-hamburg.example');
    expect((await incoming(await accepted(validForm({ WWW: 'pflege-muenchen.example' })))).host).toBe(
      'pflege-muenchen.example',
    );
  });

  it('without WWW, host comes from the Origin header, then the Referer, else stays empty', async () => {
    const base = without(validForm(), 'WWW');
    expect((await incoming(await accepted(base, { origin: 'https://panel.caredesk.example' }))).host).toBe(
      'panel.caredesk.example',
    );
    expect((await incoming(await accepted(base, { referer: 'https://www.partner.example/page' }))).host).toBe(
      'www.partner.example',
    );
    expect((await incoming(await accepted(base))).host).toBe('');
  });

  it('affiliate is utm_source, or null', async () => {
    expect((await incoming(await accepted(validForm({ utm_source: 'Pflegeportal' })))).affiliate).toBe('Pflegeportal');
    expect((await incoming(await accepted(without(validForm(), 'utm_source')))).affiliate).toBeNull();
  });
});

describe('territory and partial zip code', () => {
  it.each([
    ['10115', true, false, '10xxx'],
    ['13591', true, false, '13xxx'],
    ['14199', true, false, '14xxx'],
    ['14467', false, true, '14xxx'],
    ['15234', false, true, '15xxx'],
    ['80331', false, false, '80xxx'],
  ])('%s -> core %s, optional %s, %s', async (zip, core, optional, partial) => {
    const item = await incoming(await accepted(validForm({ EinsatzPLZ: zip })));
    expect(item).toMatchObject({
      core_territory: core,
      optional_territory: optional,
      partial_mission_zip_code: partial,
    });
  });
});

describe('settings', () => {
  it('PARTIAL_ZIP_DIGITS and the prefix lists come from the configuration', async () => {
    const other = await createTestApp({
      withAdmin: false,
      config: {
        care: {
          ...defaults,
          partialZipDigits: 3,
          coreTerritoryZipPrefixes: ['80'],
          optionalTerritoryZipPrefixes: ['10'],
        },
      },
    });
    try {
      const response = await submit(other.inject, validForm({ EinsatzPLZ: '80331' }));
      const uid = response.json<{ uid: string }>().uid;
      const [row] = await other.database.db.query.careRequests.findMany({
        where: (table, { eq: equals }) => equals(table.uid, uid),
      });
      expect(row).toMatchObject({ partialMissionZipCode: '803xx', coreTerritory: true, optionalTerritory: false });
      const nothingQueued = await other.database.db.select().from(mails);
      expect(nothingQueued).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});
