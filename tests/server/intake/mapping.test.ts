import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, testConfig, type TestApp } from '../support/helpers';
import { careRequestContacts, mails } from '../../../server/db/schema';
import { carePaths } from '../../../src/resources/careRequests/parts/paths';
import { CARE, daysFromToday, SECOND_PATIENT, submit, validForm, without, type Form } from '../../fixtures/care-form';

let t: TestApp;
const defaults = testConfig().care;

beforeAll(async () => {
  t = await createTestApp({ config: { care: { ...defaults, notifyRecipients: ['office@pflege-berlin.example'], notifySender: 'caredesk@pflege-berlin.example' } } });
});
afterAll(async () => t?.close());

interface Incoming {
  uid: string;
  form_version: string;
  host: string;
  legacy_id: string | null;
  submitted: number;
  affiliate: string | null;
  core_territory: boolean;
  optional_territory: boolean;
  partial_mission_zip_code: string | null;
  mission_begins: string;
  mission_start_date: string | null;
  drivers_license_required: boolean;
  other_persons_present: boolean;
  archived_request_available: boolean;
  numberOfPatients: number;
  details: Record<string, unknown>;
  patients: { gender: string; mobility: string; care_level: number; details: Record<string, unknown> }[];
}

async function accepted(form: Form, headers: Record<string, string> = {}): Promise<string> {
  const response = await submit(t.inject, form, { headers });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ uid: string }>().uid;
}

async function incoming(uid: string): Promise<Incoming> {
  const response = await t.as({ method: 'GET', url: `${CARE}/incoming/care-requests/?page_size=100` });
  expect(response.statusCode, response.body).toBe(200);
  const item = response.json<{ items: Incoming[] }>().items.find((entry) => entry.uid === uid);
  expect(item).toBeDefined();
  return item!;
}

async function archived(uid: string) {
  const response = await t.as({ method: 'GET', url: `${CARE}/archived/care-requests/${uid}/` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function contact(uid: string) {
  const [row] = await t.db.select().from(careRequestContacts).where(eq(careRequestContacts.uid, uid));
  return row!;
}

describe('an accepted submission', () => {
  it('is visible in the incoming list and as its archived request, with the mapped values', async () => {
    const startDate = daysFromToday(10);
    const uid = await accepted(validForm({ Anreisedatum: startDate, ...SECOND_PATIENT }));
    const item = await incoming(uid);
    expect(item).toMatchObject({
      uid,
      form_version: '2016',
      host: 'www.pflege-berlin.example',
      legacy_id: null,
      affiliate: 'partner-portal',
      core_territory: true,
      optional_territory: false,
      partial_mission_zip_code: '10xxx',
      mission_begins: 'date',
      mission_start_date: startDate,
      drivers_license_required: true,
      other_persons_present: true,
      archived_request_available: true,
      numberOfPatients: 2,
      details: { newsletter: true, referral: 'google' },
      patients: [
        { gender: 'female', care_level: 3, mobility: 'walker', details: { can_hear: 'no_limitations', can_talk: 'slightly_impaired', can_see: 'highly_impaired', night_shift: 'rarely' } },
        { gender: 'male', care_level: 5, mobility: 'bedridden', details: { can_hear: 'not_possible', can_talk: 'highly_impaired', can_see: 'no_limitations', night_shift: 'frequent' } },
      ],
    });

    const detail = await archived(uid);
    expect(detail).toMatchObject({
      uid,
      customer_version: '2.0',
      form_version: '2016',
      host: 'www.pflege-berlin.example',
      legacy_id: null,
      submitted: item.submitted,
      affiliate: 'partner-portal',
      core_territory: true,
      optional_territory: false,
      newsletter: true,
      referral: 'google',
      contact: { title: 'mrs', partial_zip_code: '10xxx' },
      accommodation: { accommodation: null, bathroom: null, toilet: null, television: null, internet: null, telephone_flat_rate: null, family_nearby: null },
      caregiver_requirements: { gender: null, language_skills: null, drivers_license: true, smokers_allowed: null, work_experience: null, minimum_age: null, maximum_age: null },
    });
    expect(detail.mission_details).toMatchObject({
      zip_code: '10xxx',
      begins: 'date',
      start_date: startDate,
      other_persons_present: true,
      other_persons_number: null,
      pets: null,
      grocery_shopping: null,
      household_activities: null,
    });
    expect(detail.mission_details.patients[1]).toEqual({
      gender: 'male',
      mobility: 'bedridden',
      care_level: 5,
      ambulatory_care_service: null,
      diseases: null,
      night_shift: 'frequent',
      medical_aids: null,
      abilities: {
        can_hear: 'not_possible',
        can_talk: 'highly_impaired',
        can_see: 'no_limitations',
        can_climb_stairs: null,
        can_get_out_of_bed: null,
        can_dress: null,
        can_walk: null,
        can_stand: null,
      },
      care_activities: { morning: null, noon: null, evening: null, night: null },
    });
    const archivedList = await t.as({ method: 'GET', url: `${CARE}/archived/care-requests/?page_size=100` });
    expect(archivedList.json<{ items: { uid: string }[] }>().items.map((entry) => entry.uid)).toContain(uid);
  });

  it('keeps the contact data, but neither list nor detail shows it or the full zip code', async () => {
    const uid = await accepted(validForm({ EinsatzPLZ: '10969', Vorname: 'Gudrun', Nachname: 'Zimmermann', Telefon: '0176 9988776', EMail: 'gudrun@example.net' }));
    expect(await contact(uid)).toMatchObject({
      salutation: 'mrs',
      academicTitle: 'dr',
      firstName: 'Gudrun',
      lastName: 'Zimmermann',
      phone: '0176 9988776',
      email: 'gudrun@example.net',
      notes: 'Bitte vormittags anrufen.',
      missionZipCode: '10969',
      missionCity: 'Berlin',
      tracking: { www: 'https://www.pflege-berlin.example/anfrage', utm_source: 'partner-portal', utm_medium: 'referral', utm_campaign: 'spring', nodelay: '1' },
    });
    const bodies = [
      (await t.as({ method: 'GET', url: `${CARE}/incoming/care-requests/?page_size=100` })).body,
      (await t.as({ method: 'GET', url: `${CARE}/archived/care-requests/?page_size=100` })).body,
      (await t.as({ method: 'GET', url: `${CARE}/archived/care-requests/${uid}/` })).body,
    ];
    for (const body of bodies) {
      for (const secret of ['10969', 'Gudrun', 'Zimmermann', '9988776', 'gudrun@example.net', 'Berlin', 'vormittags']) expect(body).not.toContain(secret);
    }
  });
});

describe('code mappings', () => {
  it.each([
    ['1', 'fully_mobile'],
    ['2', 'slightly_handicapped'],
    ['3', 'walker'],
    ['4', 'wheelchair'],
    ['5', 'bedridden'],
  ])('Mobil %s -> %s', async (code, mobility) => {
    expect((await incoming(await accepted(validForm({ P0Mobil: code })))).patients[0]!.mobility).toBe(mobility);
  });

  it.each([
    ['0', 'no_limitations'],
    ['1', 'slightly_impaired'],
    ['2', 'highly_impaired'],
    ['3', 'not_possible'],
  ])('Hoeren, Sprechen, Sehen %s -> %s', async (code, ability) => {
    const uid = await accepted(validForm({ P0Hoeren: code, P0Sprechen: code, P0Sehen: code }));
    expect((await incoming(uid)).patients[0]!.details).toMatchObject({ can_hear: ability, can_talk: ability, can_see: ability });
    expect((await archived(uid)).mission_details.patients[0].abilities).toMatchObject({ can_hear: ability, can_talk: ability, can_see: ability });
  });

  it.each([
    ['0', 'never'],
    ['1', 'rarely'],
    ['2', 'frequent'],
  ])('Nacht %s -> %s', async (code, nightShift) => {
    const uid = await accepted(validForm({ P0Nacht: code }));
    expect((await incoming(uid)).patients[0]!.details.night_shift).toBe(nightShift);
    expect((await archived(uid)).mission_details.patients[0].night_shift).toBe(nightShift);
  });

  it.each([
    ['0', 'male'],
    ['1', 'female'],
  ])('Geschlecht %s -> %s', async (code, gender) => {
    expect((await incoming(await accepted(validForm({ P0Geschlecht: code })))).patients[0]!.gender).toBe(gender);
  });

  it.each(['0', '1', '2', '3', '4', '5'])('Pflegegrad %s -> care level', async (code) => {
    expect((await incoming(await accepted(validForm({ P0Pflegegrad: code })))).patients[0]!.care_level).toBe(Number(code));
  });

  it.each([
    ['0', 'recommendation'],
    ['1', 'google'],
    ['2', 'other_search_engine'],
    ['3', 'magazine'],
    ['4', 'newspaper'],
    ['5', 'tv'],
    ['6', 'flyer'],
    ['7', 'other'],
  ])('ErfahrenVon %s -> %s', async (code, referral) => {
    const uid = await accepted(validForm({ ErfahrenVon: code }));
    expect((await incoming(uid)).details.referral).toBe(referral);
    expect((await archived(uid)).referral).toBe(referral);
  });

  it('no ErfahrenVon -> referral null', async () => {
    const uid = await accepted(without(validForm(), 'ErfahrenVon'));
    expect((await incoming(uid)).details.referral).toBeNull();
  });

  it.each([
    ['0', 'mr', 'none'],
    ['1', 'mrs', 'dr'],
    ['2', 'family', 'prof_dr'],
  ])('Anrede/Titel %s -> %s / %s', async (code, title, academicTitle) => {
    const uid = await accepted(validForm({ Anrede: code, Titel: code }));
    expect((await archived(uid)).contact.title).toBe(title);
    expect(await contact(uid)).toMatchObject({ salutation: title, academicTitle });
  });

  it.each([
    ['0', 'asap', null],
    ['2', 'other', null],
  ])('BetreuungBeginn %s -> %s, and a sent start date is dropped', async (code, begins, startDate) => {
    const uid = await accepted(validForm({ BetreuungBeginn: code, Anreisedatum: daysFromToday(3) }));
    expect(await incoming(uid)).toMatchObject({ mission_begins: begins, mission_start_date: startDate });
    expect((await archived(uid)).mission_details).toMatchObject({ begins, start_date: startDate });
  });

  it.each([
    ['1', true],
    ['0', false],
  ])('Einkauf, WeiterePersonen, newsletter %s -> %s', async (code, value) => {
    const uid = await accepted(validForm({ Einkauf: code, WeiterePersonen: code, newsletter: code }));
    expect(await incoming(uid)).toMatchObject({ drivers_license_required: value, other_persons_present: value, details: { newsletter: value } });
    const detail = await archived(uid);
    expect(detail.caregiver_requirements.drivers_license).toBe(value);
    expect(detail.mission_details.other_persons_present).toBe(value);
    expect(detail.newsletter).toBe(value);
  });

  it('unticked checkboxes (fields not sent) -> false', async () => {
    const uid = await accepted(without(validForm(), 'Einkauf', 'WeiterePersonen', 'newsletter'));
    expect(await incoming(uid)).toMatchObject({ drivers_license_required: false, other_persons_present: false, details: { newsletter: false } });
  });
});

describe('origin and affiliate', () => {
  it('host is the WWW origin host, also without a scheme', async () => {
    expect((await incoming(await accepted(validForm({ WWW: 'https://WWW.Pflege-Hamburg.example:8443/form?x=1' })))).host).toBe('www.pflege-hamburg.example');
    expect((await incoming(await accepted(validForm({ WWW: 'pflege-muenchen.example' })))).host).toBe('pflege-muenchen.example');
  });

  it('without WWW, host comes from the Origin header, then the Referer, else stays empty', async () => {
    const base = without(validForm(), 'WWW');
    expect((await incoming(await accepted(base, { origin: 'https://panel.caredesk.example' }))).host).toBe('panel.caredesk.example');
    expect((await incoming(await accepted(base, { referer: 'https://www.partner.example/page' }))).host).toBe('www.partner.example');
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
    expect(item).toMatchObject({ core_territory: core, optional_territory: optional, partial_mission_zip_code: partial });
  });
});

describe('notification', () => {
  it('queues one mail to CARE_REQUEST_NOTIFY per accepted request, linking to the request in the panel', async () => {
    const uid = await accepted(validForm({ EinsatzPLZ: '13353', ...SECOND_PATIENT }));
    const queued = (await t.db.select().from(mails)).filter((mail) => mail.message.includes(uid));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ sender: 'caredesk@pflege-berlin.example', recipients: ['office@pflege-berlin.example'] });
    expect(queued[0]!.subject).toBe('New care request 13xxx (2 patients)');
    expect(queued[0]!.message).toContain(`http://localhost:8080${carePaths.incoming}?archived=${uid}`);
    expect(queued[0]!.message).toContain('Mission zip code: 13xxx');
    expect(queued[0]!.message).toContain('Patients: 2');
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
    const text = `${mail!.subject}\n${mail!.message}`;
    for (const value of [...Object.values(personal), '5550199', 'quastenberg']) expect(text.toLowerCase()).not.toContain(value.toLowerCase());
  });
});

describe('settings', () => {
  it('PARTIAL_ZIP_DIGITS and the prefix lists come from the configuration', async () => {
    const other = await createTestApp({
      withAdmin: false,
      config: { care: { ...defaults, partialZipDigits: 3, coreTerritoryZipPrefixes: ['80'], optionalTerritoryZipPrefixes: ['10'] } },
    });
    try {
      const response = await submit(other.inject, validForm({ EinsatzPLZ: '80331' }));
      const uid = response.json<{ uid: string }>().uid;
      const [row] = await other.database.db.query.careRequests.findMany({ where: (table, { eq: equals }) => equals(table.uid, uid) });
      expect(row).toMatchObject({ partialMissionZipCode: '803xx', coreTerritory: true, optionalTerritory: false });
      const nothingQueued = await other.database.db.select().from(mails);
      expect(nothingQueued).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});
