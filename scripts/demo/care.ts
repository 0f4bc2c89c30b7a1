import { fakerDE, type Faker } from '@faker-js/faker';
import * as E from '../../contracts/care-enumerations';
import type { ArchivedFieldsInput, ArchivedPatientOutput, IncomingFields } from '../../contracts/care';
import type { CareRequestRecord } from '../../server/care/store';
import { partialZipCode, territoryOf } from '../../server/care/territory';
import type { CareConfig } from '../../server/config';
import { recordOfForm } from '../../server/intake/mapping';
import { demoCareLevel, demoMobility, demoPhone, demoPlace, type DemoPlace } from './places';

/**
 * Realistic demo care requests of every form version (npm run seed:demo, bench/care.ts): real German zip codes and towns
 * with phones in the town's area code and mobility that fits the care level (places.ts), names from faker's German
 * locale. 2016 requests go through the intake's own mapping, so they look exactly like submitted ones; most of them came in
 * over the last twelve weeks (the dashboard's chart), and many have their archived version completed, as after the call.
 */

const HOSTS = ['www.caredesk.example', 'www.pflege-zuhause.example', 'www.betreuung24.example'];
const AFFILIATES = ['pflegeportal', 'seniorenratgeber', 'apotheken-umschau', 'google-ads'];
const NOTES = [
  'Bitte vormittags anrufen.',
  'Meine Mutter lebt allein und braucht Hilfe im Haushalt.',
  'Wir suchen jemanden, der gut Deutsch spricht.',
  'Rückruf bitte nur abends nach 18 Uhr.',
  'Pflegedienst kommt bereits zweimal täglich.',
  'Haus mit Garten, eigenes Zimmer für die Betreuungskraft vorhanden.',
];
const OTHER_HOUSEHOLD_ACTIVITIES = ['window_cleaning', 'ironing', 'shopping_companion', 'reading_aloud', 'walks'];

interface DemoOptions {
  care: CareConfig;
  /** Newest submission time; older ones spread back from it. */
  now?: Date;
  faker?: Faker;
}

const SUBMITTED_RANGES: Record<E.FormVersion, [string, string | null]> = {
  '2012': ['2012-01-01', '2015-12-31'],
  '2016-pre': ['2016-01-01', '2016-06-30'],
  '2016': ['2016-07-01', null],
};
/** The dashboard's chart shows twelve weeks: this share of today's form version came in then. */
const RECENT_SHARE = 0.65;
const RECENT_DAYS = 12 * 7;
const DAY_MS = 86_400_000;
/** Staff complete this share of the archived versions of web-form requests after calling the customer. */
const COMPLETED_SHARE = 0.6;

function submittedFor(faker: Faker, version: E.FormVersion, now: Date): Date {
  const [from, to] = SUBMITTED_RANGES[version];
  const recentFrom = new Date(now.getTime() - RECENT_DAYS * DAY_MS);
  if (version === '2016' && faker.datatype.boolean(RECENT_SHARE)) return faker.date.between({ from: recentFrom, to: now });
  return faker.date.between({ from, to: to ?? recentFrom });
}

const code = (faker: Faker, low: number, high: number) => String(faker.number.int({ min: low, max: high }));

function patientFields(faker: Faker, prefix: 'P0' | 'P1'): Record<string, string> {
  const careLevel = demoCareLevel(faker);
  return {
    [`${prefix}Geschlecht`]: code(faker, 0, 1),
    [`${prefix}Pflegegrad`]: String(careLevel),
    [`${prefix}Mobil`]: String(E.MOBILITIES.indexOf(demoMobility(faker, careLevel)) + 1),
    [`${prefix}Hoeren`]: code(faker, 0, 3),
    [`${prefix}Sprechen`]: code(faker, 0, 3),
    [`${prefix}Sehen`]: code(faker, 0, 3),
    [`${prefix}Nacht`]: code(faker, 0, 2),
  };
}

function beginsFields(faker: Faker, submitted: Date): Record<string, string> {
  const begins = faker.helpers.weightedArrayElement([
    { weight: 5, value: '0' },
    { weight: 3, value: '1' },
    { weight: 2, value: '2' },
  ]);
  if (begins !== '1') return { BetreuungBeginn: begins };
  const start = faker.date.soon({ days: 60, refDate: submitted });
  return { BetreuungBeginn: begins, Anreisedatum: start.toISOString().slice(0, 10) };
}

/** A 2016 request as the agency's web form would have sent it. */
export function demoIntakeForm(faker: Faker, submitted: Date): Record<string, string> {
  const { zip, town, areaCode } = demoPlace(faker);
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  const form: Record<string, string> = {
    EinsatzPLZ: zip,
    EinsatzOrt: town,
    ...beginsFields(faker, submitted),
    WeiterePersonen: code(faker, 0, 1),
    Einkauf: code(faker, 0, 1),
    newsletter: code(faker, 0, 1),
    Anrede: code(faker, 0, 2),
    Titel: faker.helpers.weightedArrayElement([
      { weight: 8, value: '0' },
      { weight: 2, value: '1' },
      { weight: 1, value: '2' },
    ]),
    Vorname: firstName,
    Nachname: lastName,
    Telefon: demoPhone(faker, areaCode),
    EMail: faker.internet.email({ firstName, lastName, provider: 'example.org' }).toLowerCase(),
    ...patientFields(faker, 'P0'),
    ...(faker.datatype.boolean(0.2) ? patientFields(faker, 'P1') : {}),
    WWW: `https://${faker.helpers.arrayElement(HOSTS)}/anfrage`,
    nodelay: '1',
  };
  if (faker.datatype.boolean(0.7)) form.ErfahrenVon = code(faker, 0, 7);
  if (faker.datatype.boolean(0.4)) form.Bemerkungen = faker.helpers.arrayElement(NOTES);
  if (faker.datatype.boolean(0.3)) Object.assign(form, { utm_source: faker.helpers.arrayElement(AFFILIATES), utm_medium: 'referral', utm_campaign: 'demo' });
  return form;
}

const maybe = <T>(faker: Faker, value: () => T, probability = 0.85): T | null => (faker.datatype.boolean(probability) ? value() : null);
const one = <T extends readonly string[]>(faker: Faker, values: T): T[number] => faker.helpers.arrayElement(values);
const some = <T extends readonly string[]>(faker: Faker, values: T, max = 3): T[number][] =>
  faker.helpers.arrayElements(values, { min: 0, max: Math.min(max, values.length) });

function legacyPatient(faker: Faker) {
  const careLevel = demoCareLevel(faker);
  return {
    gender: one(faker, E.GENDERS),
    mobility: demoMobility(faker, careLevel),
    care_level: careLevel,
    can_hear: maybe(faker, () => one(faker, E.ABILITIES)),
    can_talk: maybe(faker, () => one(faker, E.ABILITIES)),
    can_see: maybe(faker, () => one(faker, E.ABILITIES)),
    night_shift: maybe(faker, () => one(faker, E.NIGHT_SHIFTS)),
    ambulatory_care_service: maybe(faker, () => one(faker, E.AMBULATORY_CARE_SERVICES)),
    diseases: maybe(faker, () => some(faker, E.DISEASES)),
  };
}
type LegacyPatient = ReturnType<typeof legacyPatient>;

/** How much help someone needs to walk, stand, dress…: more the less mobile they are. */
function dependenceFor(faker: Faker, mobility: LegacyPatient['mobility']) {
  const index = E.MOBILITIES.indexOf(mobility);
  const likely = E.DEPENDENCES.slice(Math.max(0, index - 1), Math.min(4, index + 1));
  return () => maybe(faker, () => one(faker, likely));
}

function archivedPatient(faker: Faker, patient: LegacyPatient): ArchivedPatientOutput {
  const dependence = dependenceFor(faker, patient.mobility);
  const activities = () => maybe(faker, () => some(faker, E.CARE_ACTIVITIES, 4));
  return {
    gender: patient.gender,
    mobility: patient.mobility,
    care_level: patient.care_level,
    ambulatory_care_service: patient.ambulatory_care_service,
    diseases: patient.diseases,
    night_shift: patient.night_shift,
    medical_aids: maybe(faker, () => some(faker, E.MEDICAL_AIDS)),
    abilities: {
      can_hear: patient.can_hear,
      can_talk: patient.can_talk,
      can_see: patient.can_see,
      can_climb_stairs: dependence(),
      can_get_out_of_bed: dependence(),
      can_dress: dependence(),
      can_walk: dependence(),
      can_stand: dependence(),
    },
    care_activities: { morning: activities(), noon: activities(), evening: activities(), night: activities() },
  };
}

function legacyIncoming(faker: Faker, version: E.FormVersion, zip: string, patients: LegacyPatient[], options: DemoOptions, submitted: Date): IncomingFields {
  const begins = one(faker, E.MISSION_BEGINS);
  const common = {
    ...territoryOf(zip, options.care),
    partial_mission_zip_code: partialZipCode(zip, options.care.partialZipDigits),
    mission_begins: begins,
    mission_start_date: begins === 'date' ? faker.date.soon({ days: 60, refDate: submitted }).toISOString().slice(0, 10) : null,
    drivers_license_required: faker.datatype.boolean(0.3),
    other_persons_present: faker.datatype.boolean(0.4),
  };
  if (version !== '2012') {
    return {
      ...common,
      details: { newsletter: faker.datatype.boolean(), referral: maybe(faker, () => one(faker, E.REFERRALS)) },
      patients: patients.map(({ gender, mobility, care_level, can_hear, can_talk, can_see, night_shift }) => ({
        gender,
        mobility,
        care_level,
        details: { can_hear, can_talk, can_see, night_shift },
      })),
    };
  }
  return {
    ...common,
    details: {
      accommodation: maybe(faker, () => one(faker, E.ACCOMMODATIONS)),
      caregiver_gender: maybe(faker, () => one(faker, E.CAREGIVER_GENDERS)),
      caregiver_language_skills: maybe(faker, () => one(faker, E.LANGUAGE_SKILLS)),
      caregiver_minimum_age: maybe(faker, () => faker.number.int({ min: 25, max: 50 })),
      caregiver_work_experience: maybe(faker, () => one(faker, ['required', 'unimportant', 'desirable'] as const)),
      smokers_allowed: maybe(faker, () => one(faker, E.SMOKING)),
      own_bathroom: maybe(faker, () => faker.datatype.boolean()),
      television: maybe(faker, () => one(faker, E.CONNECTIVITIES)),
      night_shift: maybe(faker, () => one(faker, E.NIGHT_SHIFTS)),
      has_dogs: maybe(faker, () => faker.datatype.boolean(0.2)),
      has_cats: maybe(faker, () => faker.datatype.boolean(0.2)),
      housing_type: maybe(faker, () => one(faker, E.HOUSING_TYPES)),
      referral: maybe(faker, () => one(faker, E.REFERRALS)),
    },
    patients: patients.map(({ gender, mobility, care_level, ...details }) => ({ gender, mobility, care_level, details })),
  };
}

function legacyArchived(faker: Faker, version: E.FormVersion, incoming: IncomingFields, patients: LegacyPatient[]): ArchivedFieldsInput {
  const flag = (probability = 0.5) => maybe(faker, () => faker.datatype.boolean(probability));
  const otherPersons = incoming.other_persons_present;
  return {
    customer_version: version === '2012' ? '1.0' : '2.0',
    newsletter: 'newsletter' in incoming.details ? incoming.details.newsletter : flag(0.3),
    referral: incoming.details.referral,
    contact: { title: one(faker, E.CONTACT_TITLES), partial_zip_code: incoming.partial_mission_zip_code },
    mission_details: {
      zip_code: incoming.partial_mission_zip_code,
      begins: incoming.mission_begins,
      start_date: incoming.mission_start_date,
      other_persons_present: otherPersons,
      other_persons_number: otherPersons ? faker.number.int({ min: 1, max: 3 }) : 0,
      other_persons_need_assistance: otherPersons ? flag(0.3) : false,
      pets: flag(0.3),
      night_shift: maybe(faker, () => one(faker, E.NIGHT_SHIFTS)),
      shops_reachable_by_foot: flag(),
      transport: flag(0.3),
      household_activities: maybe(faker, () => [...some(faker, E.KNOWN_HOUSEHOLD_ACTIVITIES, 5), ...some(faker, OTHER_HOUSEHOLD_ACTIVITIES, 1)]),
      relief_breaks: flag(),
      grocery_shopping: flag(0.7),
      shops_reachable: maybe(faker, () => one(faker, E.SHOP_REACHABILITIES)),
      smokers_household: flag(0.2),
      patients: patients.map((patient) => archivedPatient(faker, patient)),
    },
    accommodation: {
      accommodation: maybe(faker, () => one(faker, E.ACCOMMODATIONS)),
      bathroom: flag(0.6),
      toilet: flag(0.6),
      television: maybe(faker, () => one(faker, E.CONNECTIVITIES)),
      internet: maybe(faker, () => one(faker, E.CONNECTIVITIES)),
      telephone_flat_rate: maybe(faker, () => one(faker, E.CONNECTIVITIES)),
      family_nearby: flag(),
    },
    caregiver_requirements: {
      gender: maybe(faker, () => one(faker, E.CAREGIVER_GENDERS)),
      language_skills: maybe(faker, () => one(faker, E.LANGUAGE_SKILLS)),
      drivers_license: incoming.drivers_license_required,
      smokers_allowed: maybe(faker, () => one(faker, E.SMOKING)),
      work_experience: maybe(faker, () => (version === '2012' ? one(faker, ['required', 'unimportant', 'desirable'] as const) : one(faker, ['basic', 'intermediate', 'advanced', 'expert'] as const))),
      minimum_age: maybe(faker, () => faker.number.int({ min: 25, max: 40 })),
      maximum_age: maybe(faker, () => faker.number.int({ min: 55, max: 70 })),
    },
  };
}

function legacyRecord(faker: Faker, version: '2012' | '2016-pre', index: number, options: DemoOptions): CareRequestRecord {
  const submitted = submittedFor(faker, version, options.now ?? new Date());
  const { zip, town, areaCode }: DemoPlace = demoPlace(faker);
  const patients = Array.from({ length: faker.datatype.boolean(0.2) ? 2 : 1 }, () => legacyPatient(faker));
  const incoming = legacyIncoming(faker, version, zip, patients, options, submitted);
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  return {
    legacyId: `${version === '2012' ? 'A' : 'B'}-${String(index + 1).padStart(6, '0')}`,
    formVersion: version,
    submitted,
    host: faker.helpers.arrayElement(HOSTS),
    affiliate: maybe(faker, () => faker.helpers.arrayElement(AFFILIATES), 0.3),
    incoming,
    archived: faker.datatype.boolean(0.7) ? legacyArchived(faker, version, incoming, patients) : null,
    personal: {
      salutation: one(faker, E.CONTACT_TITLES),
      first_name: firstName,
      last_name: lastName,
      phone: demoPhone(faker, areaCode),
      email: faker.internet.email({ firstName, lastName, provider: 'example.org' }).toLowerCase(),
      mission_zip_code: zip,
      mission_city: town,
    },
  };
}

/**
 * The archived version of a web-form request as staff complete it on the phone: what the form asked stays, the rest (household,
 * accommodation, caregiver wishes, each patient's abilities and care activities) is filled in.
 */
function completedArchive(faker: Faker, record: CareRequestRecord): ArchivedFieldsInput {
  const asSent = record.archived!;
  // the intake's mapping sets these from required form fields
  const patients: LegacyPatient[] = asSent.mission_details.patients.map((patient) => ({
    gender: patient.gender!,
    mobility: patient.mobility!,
    care_level: patient.care_level!,
    can_hear: patient.abilities.can_hear,
    can_talk: patient.abilities.can_talk,
    can_see: patient.abilities.can_see,
    night_shift: patient.night_shift,
    ambulatory_care_service: maybe(faker, () => one(faker, E.AMBULATORY_CARE_SERVICES)),
    diseases: maybe(faker, () => some(faker, E.DISEASES)),
  }));
  const completed = legacyArchived(faker, '2016', record.incoming, patients);
  const { patients: completedPatients, ...missionDetails } = completed.mission_details;
  return {
    ...completed,
    customer_version: asSent.customer_version,
    newsletter: asSent.newsletter,
    referral: asSent.referral,
    contact: asSent.contact,
    mission_details: { ...missionDetails, ...withoutNulls(asSent.mission_details), patients: completedPatients },
  };
}

const withoutNulls = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([key, entry]) => entry !== null && key !== 'patients')) as Partial<T>;

/** One demo request of the given form version; index numbers the legacy ids of the older versions. */
function demoCareRequest(version: E.FormVersion, index: number, options: DemoOptions): CareRequestRecord {
  const faker = options.faker ?? fakerDE;
  if (version !== '2016') return legacyRecord(faker, version, index, options);
  const submitted = submittedFor(faker, version, options.now ?? new Date());
  const record = recordOfForm(demoIntakeForm(faker, submitted) as never, { fallbackHost: '', submitted, config: options.care });
  return faker.datatype.boolean(COMPLETED_SHARE) ? { ...record, archived: completedArchive(faker, record) } : record;
}

/** count demo requests, spread over the three form versions (2016 the most, as today). */
export function demoCareRequests(count: number, options: DemoOptions): CareRequestRecord[] {
  return Array.from({ length: count }, (_, index) => {
    const version: E.FormVersion = index % 5 === 0 ? '2012' : index % 5 === 1 ? '2016-pre' : '2016';
    return demoCareRequest(version, index, options);
  });
}
