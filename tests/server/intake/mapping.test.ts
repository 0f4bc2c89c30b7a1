import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp } from '../support/helpers';
import { CARE, daysFromToday, SECOND_PATIENT, validForm, without } from '../../fixtures/care-form';
import { createIntakeTestApp, submissions } from './mapping-helpers';

/** How an accepted submission is stored and shown: the mapped values, the kept contact data, and each form code's mapping. */
let t: TestApp;
beforeAll(async () => {
  t = await createIntakeTestApp();
});
afterAll(async () => t?.close());
const { accepted, incoming, archived, contact } = submissions(() => t);

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
        {
          gender: 'female',
          care_level: 3,
          mobility: 'walker',
          details: {
            can_hear: 'no_limitations',
            can_talk: 'slightly_impaired',
            can_see: 'highly_impaired',
            night_shift: 'rarely',
          },
        },
        {
          gender: 'male',
          care_level: 5,
          mobility: 'bedridden',
          details: {
            can_hear: 'not_possible',
            can_talk: 'highly_impaired',
            can_see: 'no_limitations',
            night_shift: 'frequent',
          },
        },
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
      accommodation: {
        accommodation: null,
        bathroom: null,
        toilet: null,
        television: null,
        internet: null,
        telephone_flat_rate: null,
        family_nearby: null,
      },
      caregiver_requirements: {
        gender: null,
        language_skills: null,
        drivers_license: true,
        smokers_allowed: null,
        work_experience: null,
        minimum_age: null,
        maximum_age: null,
      },
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
    const uid = await accepted(
      validForm({
        EinsatzPLZ: '10969',
        Vorname: 'Gudrun',
        Nachname: 'Zimmermann',
        Telefon: '0176 9988776',
        EMail: 'gudrun@example.net',
      }),
    );
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
      tracking: {
        www: 'https://www.pflege-berlin.example/anfrage',
        utm_source: 'partner-portal',
        utm_medium: 'referral',
        utm_campaign: 'spring',
        nodelay: '1',
      },
    });
    const bodies = [
      (await t.as({ method: 'GET', url: `${CARE}/incoming/care-requests/?page_size=100` })).body,
      (await t.as({ method: 'GET', url: `${CARE}/archived/care-requests/?page_size=100` })).body,
      (await t.as({ method: 'GET', url: `${CARE}/archived/care-requests/${uid}/` })).body,
    ];
    for (const body of bodies) {
      for (const secret of ['10969', 'Gudrun', 'Zimmermann', '9988776', 'gudrun@example.net', 'Berlin', 'vormittags'])
        expect(body).not.toContain(secret);
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
    expect((await incoming(await accepted(validForm({ P0Mobil: code })))).patients[0].mobility).toBe(mobility);
  });

  it.each([
    ['0', 'no_limitations'],
    ['1', 'slightly_impaired'],
    ['2', 'highly_impaired'],
    ['3', 'not_possible'],
  ])('Hoeren, Sprechen, Sehen %s -> %s', async (code, ability) => {
    const uid = await accepted(validForm({ P0Hoeren: code, P0Sprechen: code, P0Sehen: code }));
    expect((await incoming(uid)).patients[0].details).toMatchObject({
      can_hear: ability,
      can_talk: ability,
      can_see: ability,
    });
    expect((await archived(uid)).mission_details.patients[0].abilities).toMatchObject({
      can_hear: ability,
      can_talk: ability,
      can_see: ability,
    });
  });

  it.each([
    ['0', 'never'],
    ['1', 'rarely'],
    ['2', 'frequent'],
  ])('Nacht %s -> %s', async (code, nightShift) => {
    const uid = await accepted(validForm({ P0Nacht: code }));
    expect((await incoming(uid)).patients[0].details.night_shift).toBe(nightShift);
    expect((await archived(uid)).mission_details.patients[0].night_shift).toBe(nightShift);
  });

  it.each([
    ['0', 'male'],
    ['1', 'female'],
  ])('Geschlecht %s -> %s', async (code, gender) => {
    expect((await incoming(await accepted(validForm({ P0Geschlecht: code })))).patients[0].gender).toBe(gender);
  });

  it.each(['0', '1', '2', '3', '4', '5'])('Pflegegrad %s -> care level', async (code) => {
    expect((await incoming(await accepted(validForm({ P0Pflegegrad: code })))).patients[0].care_level).toBe(
      Number(code),
    );
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
    expect(await incoming(uid)).toMatchObject({
      drivers_license_required: value,
      other_persons_present: value,
      details: { newsletter: value },
    });
    const detail = await archived(uid);
    expect(detail.caregiver_requirements.drivers_license).toBe(value);
    expect(detail.mission_details.other_persons_present).toBe(value);
    expect(detail.newsletter).toBe(value);
  });

  it('unticked checkboxes (fields not sent) -> false', async () => {
    const uid = await accepted(without(validForm(), 'Einkauf', 'WeiterePersonen', 'newsletter'));
    expect(await incoming(uid)).toMatchObject({
      drivers_license_required: false,
      other_persons_present: false,
      details: { newsletter: false },
    });
  });
});
