import { type Faker } from '@faker-js/faker';
import * as E from '../../contracts/care-enumerations';
import type { ArchivedFieldsInput, ArchivedPatientOutput, IncomingFields } from '../../contracts/care';
import { LEGACY_IMPORT_STATUS } from '../../server/care/import';
import type { CareRequestRecord } from '../../server/care/store';
import { partialZipCode, territoryOf } from '../../server/care/territory';
import { demoCareLevel, demoMobility, demoPhone, demoPlace, type DemoPlace } from './places';
import {
  AFFILIATES,
  HOSTS,
  maybe,
  one,
  OTHER_HOUSEHOLD_ACTIVITIES,
  some,
  submittedFor,
  type DemoOptions,
} from './care-values';

/** Requests of the legacy form versions (2012, 2016-pre) as the legacy import brings them: incoming and archived versions, closed. */
export function legacyPatient(faker: Faker) {
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
export type LegacyPatient = ReturnType<typeof legacyPatient>;

/** How much help someone needs to walk, stand, dress…: more the less mobile they are. */
export function dependenceFor(faker: Faker, mobility: LegacyPatient['mobility']) {
  const index = E.MOBILITIES.indexOf(mobility);
  const likely = E.DEPENDENCES.slice(Math.max(0, index - 1), Math.min(4, index + 1));
  return () => maybe(faker, () => one(faker, likely));
}

export function archivedPatient(faker: Faker, patient: LegacyPatient): ArchivedPatientOutput {
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

export function legacyIncoming(
  faker: Faker,
  version: E.FormVersion,
  zip: string,
  patients: LegacyPatient[],
  options: DemoOptions,
  submitted: Date,
): IncomingFields {
  const begins = one(faker, E.MISSION_BEGINS);
  const common = {
    ...territoryOf(zip, options.care),
    partial_mission_zip_code: partialZipCode(zip, options.care.partialZipDigits),
    mission_begins: begins,
    mission_start_date:
      begins === 'date' ? faker.date.soon({ days: 60, refDate: submitted }).toISOString().slice(0, 10) : null,
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
    patients: patients.map(({ gender, mobility, care_level, ...details }) => ({
      gender,
      mobility,
      care_level,
      details,
    })),
  };
}

export function legacyArchived(
  faker: Faker,
  version: E.FormVersion,
  incoming: IncomingFields,
  patients: LegacyPatient[],
): ArchivedFieldsInput {
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
      household_activities: maybe(faker, () => [
        ...some(faker, E.KNOWN_HOUSEHOLD_ACTIVITIES, 5),
        ...some(faker, OTHER_HOUSEHOLD_ACTIVITIES, 1),
      ]),
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
      work_experience: maybe(faker, () =>
        version === '2012'
          ? one(faker, ['required', 'unimportant', 'desirable'] as const)
          : one(faker, ['basic', 'intermediate', 'advanced', 'expert'] as const),
      ),
      minimum_age: maybe(faker, () => faker.number.int({ min: 25, max: 40 })),
      maximum_age: maybe(faker, () => faker.number.int({ min: 55, max: 70 })),
    },
  };
}

export function legacyRecord(
  faker: Faker,
  version: '2012' | '2016-pre',
  index: number,
  options: DemoOptions,
): CareRequestRecord {
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
    status: LEGACY_IMPORT_STATUS,
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
