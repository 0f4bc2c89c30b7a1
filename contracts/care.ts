import {
  Type,
  type ObjectOptions,
  type Static,
  type TLiteral,
  type TProperties,
  type TSchema,
} from '@sinclair/typebox';
import { AnsweredDay, CalendarDay, SecondsRange } from './dates';
import { Page, pagedList } from './paging';
import { Uid } from './common';
import { TimeZone } from './statistics';
import * as E from './care-enumerations';
import { WORKFLOW_FILTERS_DESCRIPTION, WORKFLOW_SORT_KEYS, WorkflowFields, WorkflowFilters } from './care-workflow';

/**
 * The care service's wire shapes (its routes: server/care/routes.ts). They are its response schemas and, as stored jsonb,
 * what the legacy import checks its lines against. Every leaf a request does not know is null; objects are always present.
 */

const oneOf = <T extends readonly string[]>(values: T) =>
  Type.Union(values.map((value) => Type.Literal(value)) as TLiteral<T[number]>[], {
    description: `one of ${values.join(', ')}`,
  });
const nullable = <T extends TSchema>(schema: T) =>
  Type.Union([schema, Type.Null()], schema.description ? { description: `${schema.description}, or null` } : {});
const listOf = <T extends readonly string[]>(values: T) =>
  nullable(Type.Array(oneOf(values), { maxItems: values.length, uniqueItems: true }));
/** Closed objects: a legacy line with a misspelt key is refused rather than silently losing the value. */
const closed = <T extends TProperties>(properties: T, options: ObjectOptions = {}) =>
  Type.Object(properties, { additionalProperties: false, ...options });
const flag = nullable(Type.Boolean());
const age = nullable(Type.Integer({ minimum: 0, maximum: 150 }));

/** Only a prefix of the zip code stays readable: "10xxx". */
const PartialZipCode = Type.String({
  pattern: '^[0-9]{1,5}x{0,4}$',
  minLength: 5,
  maxLength: 5,
  description: 'a partial zip code such as 10xxx',
});
const SnakeCaseWord = Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$', description: 'a snake_case word' });

export const FormVersion = oneOf(E.FORM_VERSIONS);
const MissionBegins = oneOf(E.MISSION_BEGINS);

const PatientDetails2016 = closed({
  can_hear: nullable(oneOf(E.ABILITIES)),
  can_talk: nullable(oneOf(E.ABILITIES)),
  can_see: nullable(oneOf(E.ABILITIES)),
  night_shift: nullable(oneOf(E.NIGHT_SHIFTS)),
});
const PatientDetails2012 = closed({
  ...PatientDetails2016.properties,
  ambulatory_care_service: nullable(oneOf(E.AMBULATORY_CARE_SERVICES)),
  diseases: listOf(E.DISEASES),
});

const incomingPatient = <T extends TSchema>(details: T) =>
  closed({
    gender: nullable(oneOf(E.GENDERS)),
    mobility: nullable(oneOf(E.MOBILITIES)),
    care_level: nullable(Type.Integer({ minimum: 0, maximum: 5 })),
    details,
  });
const IncomingPatient2012 = incomingPatient(PatientDetails2012);
const IncomingPatient2016 = incomingPatient(PatientDetails2016);

const IncomingDetails2012 = closed({
  accommodation: nullable(oneOf(E.ACCOMMODATIONS)),
  caregiver_gender: nullable(oneOf(E.CAREGIVER_GENDERS)),
  caregiver_language_skills: nullable(oneOf(E.LANGUAGE_SKILLS)),
  caregiver_minimum_age: age,
  caregiver_work_experience: nullable(oneOf(E.EXPERIENCES)),
  smokers_allowed: nullable(oneOf(E.SMOKING)),
  own_bathroom: flag,
  television: nullable(oneOf(E.CONNECTIVITIES)),
  night_shift: nullable(oneOf(E.NIGHT_SHIFTS)),
  has_dogs: flag,
  has_cats: flag,
  housing_type: nullable(oneOf(E.HOUSING_TYPES)),
  referral: nullable(oneOf(E.REFERRALS)),
});
const IncomingDetails2016 = closed({
  newsletter: flag,
  referral: nullable(oneOf(E.REFERRALS)),
});

/** The incoming fields a request brings along, without the ones the store owns (uid, numberOfPatients, archived flag). */
const incomingFields = <D extends TSchema, P extends TSchema>(details: D, patient: P) =>
  closed({
    core_territory: Type.Boolean(),
    optional_territory: Type.Boolean(),
    partial_mission_zip_code: nullable(PartialZipCode),
    mission_begins: MissionBegins,
    mission_start_date: nullable(CalendarDay),
    drivers_license_required: Type.Boolean(),
    other_persons_present: Type.Boolean(),
    details,
    patients: Type.Array(patient, { minItems: 1, maxItems: 2 }),
  });
export const IncomingFields2012 = incomingFields(IncomingDetails2012, IncomingPatient2012);
export const IncomingFields2016 = incomingFields(IncomingDetails2016, IncomingPatient2016);
export type IncomingFields = Static<typeof IncomingFields2012> | Static<typeof IncomingFields2016>;

const Origin = {
  uid: Uid,
  form_version: FormVersion,
  host: Type.String({
    description:
      "the site it came from: the lower-cased host of the form's WWW field, else of the Origin or Referer header",
  }),
  legacy_id: nullable(Type.String({ description: 'its id in the legacy file, for imported requests' })),
  submitted: Type.Integer({ description: 'epoch seconds' }),
  affiliate: nullable(Type.String({ description: "the web form's utm_source" })),
  optional_territory: Type.Boolean(),
  core_territory: Type.Boolean(),
};

/** 2012 layouts come first: a 2016 layout would also accept a 2012 object and so drop its extra fields on serialisation. */
const Incoming = closed({
  ...Origin,
  partial_mission_zip_code: nullable(Type.String()),
  mission_begins: MissionBegins,
  mission_start_date: nullable(Type.String()),
  drivers_license_required: Type.Boolean(),
  other_persons_present: Type.Boolean(),
  archived_request_available: Type.Boolean(),
  numberOfPatients: Type.Integer(),
  details: Type.Union([IncomingDetails2012, IncomingDetails2016]),
  patients: Type.Array(Type.Union([IncomingPatient2012, IncomingPatient2016])),
  ...WorkflowFields,
});
export type IncomingOutput = Static<typeof Incoming>;

const Abilities = closed({
  can_hear: nullable(oneOf(E.ABILITIES)),
  can_talk: nullable(oneOf(E.ABILITIES)),
  can_see: nullable(oneOf(E.ABILITIES)),
  can_climb_stairs: nullable(oneOf(E.DEPENDENCES)),
  can_get_out_of_bed: nullable(oneOf(E.DEPENDENCES)),
  can_dress: nullable(oneOf(E.DEPENDENCES)),
  can_walk: nullable(oneOf(E.DEPENDENCES)),
  can_stand: nullable(oneOf(E.DEPENDENCES)),
});
const CareActivities = closed({
  morning: listOf(E.CARE_ACTIVITIES),
  noon: listOf(E.CARE_ACTIVITIES),
  evening: listOf(E.CARE_ACTIVITIES),
  night: listOf(E.CARE_ACTIVITIES),
});
const ArchivedPatient = closed({
  gender: nullable(oneOf(E.GENDERS)),
  mobility: nullable(oneOf(E.MOBILITIES)),
  care_level: nullable(Type.Integer({ minimum: 0, maximum: 5 })),
  ambulatory_care_service: nullable(oneOf(E.AMBULATORY_CARE_SERVICES)),
  diseases: listOf(E.DISEASES),
  night_shift: nullable(oneOf(E.NIGHT_SHIFTS)),
  medical_aids: listOf(E.MEDICAL_AIDS),
  abilities: Abilities,
  care_activities: CareActivities,
});
export type ArchivedPatientOutput = Static<typeof ArchivedPatient>;

const MissionDetails = closed({
  zip_code: nullable(PartialZipCode),
  begins: nullable(MissionBegins),
  start_date: nullable(AnsweredDay),
  other_persons_present: flag,
  other_persons_number: nullable(Type.Integer({ minimum: 0, maximum: 20 })),
  other_persons_need_assistance: flag,
  pets: flag,
  night_shift: nullable(oneOf(E.NIGHT_SHIFTS)),
  shops_reachable_by_foot: flag,
  transport: flag,
  household_activities: nullable(Type.Array(SnakeCaseWord, { maxItems: 64, uniqueItems: true })),
  relief_breaks: flag,
  grocery_shopping: flag,
  shops_reachable: nullable(oneOf(E.SHOP_REACHABILITIES)),
  smokers_household: flag,
  patients: Type.Array(ArchivedPatient, { minItems: 1, maxItems: 2 }),
});

const Accommodation = closed({
  accommodation: nullable(oneOf(E.ACCOMMODATIONS)),
  bathroom: flag,
  toilet: flag,
  television: nullable(oneOf(E.CONNECTIVITIES)),
  internet: nullable(oneOf(E.CONNECTIVITIES)),
  telephone_flat_rate: nullable(oneOf(E.CONNECTIVITIES)),
  family_nearby: flag,
});

const CaregiverRequirements = closed({
  gender: nullable(oneOf(E.CAREGIVER_GENDERS)),
  language_skills: nullable(oneOf(E.LANGUAGE_SKILLS)),
  drivers_license: flag,
  smokers_allowed: nullable(oneOf(E.SMOKING)),
  work_experience: nullable(oneOf(E.EXPERIENCES)),
  minimum_age: age,
  maximum_age: age,
});

const ArchivedContact = closed({
  title: nullable(oneOf(E.CONTACT_TITLES)),
  partial_zip_code: nullable(PartialZipCode),
});

/** The archived fields a request brings along; the rest comes from its incoming request. */
export const ArchivedFields = closed({
  customer_version: oneOf(E.CUSTOMER_VERSIONS),
  newsletter: flag,
  referral: nullable(oneOf(E.REFERRALS)),
  contact: ArchivedContact,
  mission_details: MissionDetails,
  accommodation: Accommodation,
  caregiver_requirements: CaregiverRequirements,
});
export type ArchivedFieldsInput = Static<typeof ArchivedFields>;

export const Archived = closed({
  ...Origin,
  ...ArchivedFields.properties,
  contact_erased: Type.Union([Type.Integer(), Type.Null()], {
    readOnly: true,
    description:
      'when the contact data was erased (retention or an erasure request), epoch seconds; null while it is kept',
  }),
});
export type ArchivedOutput = Static<typeof Archived>;

/** Personal data kept apart from the lists (care_request_contacts). */
export const PersonalData = closed({
  salutation: Type.Optional(nullable(oneOf(E.CONTACT_TITLES))),
  academic_title: Type.Optional(nullable(oneOf(E.ACADEMIC_TITLES))),
  first_name: Type.Optional(nullable(Type.String({ maxLength: 128 }))),
  last_name: Type.Optional(nullable(Type.String({ maxLength: 128 }))),
  phone: Type.Optional(nullable(Type.String({ maxLength: 64 }))),
  email: Type.Optional(nullable(Type.String({ maxLength: 254 }))),
  notes: Type.Optional(nullable(Type.String({ maxLength: 10_000 }))),
  mission_zip_code: Type.Optional(nullable(Type.String({ pattern: '^[0-9]{5}$', description: 'a 5-digit zip code' }))),
  mission_city: Type.Optional(nullable(Type.String({ maxLength: 128 }))),
});
export type PersonalDataInput = Static<typeof PersonalData>;

/** GET /archived/care-requests/{uid}/contact/: every field present, null when the request did not carry it. */
export const Contact = Type.Required(PersonalData, { additionalProperties: false });
export type ContactOutput = Static<typeof Contact>;

// --- the lists ---

const SORT_KEYS = [
  'submitted',
  'host',
  'affiliate',
  'partial_mission_zip_code',
  'mission_start_date',
  'form_version',
  'numberOfPatients',
  ...WORKFLOW_SORT_KEYS,
] as const;

export const CareRequestList = pagedList({
  sortKeys: SORT_KEYS,
  defaultSortBy: 'submitted',
  query: { description: 'matches host, affiliate, partial zip code, legacy id and form version' },
  filters: closed({ submitted: Type.Optional(SecondsRange), ...WorkflowFilters }),
  filtersDescription: `a JSON object {"submitted": {"from"?: epoch seconds, "to"?: epoch seconds}, ${WORKFLOW_FILTERS_DESCRIPTION}}`,
});

export const IncomingPage = Page(Incoming);
export const ArchivedPage = Page(Archived);
export const CareRequestUidParams = closed({ uid: Uid });

export const CareStatistics = closed({
  time_zone: TimeZone,
  weeks: Type.Array(
    closed({
      week: Type.String({ description: 'the ISO week, e.g. 2026-W48' }),
      starts: Type.String({ description: 'its Monday, YYYY-MM-DD' }),
      requests: Type.Integer({ description: 'care requests submitted in the week' }),
      core_territory: Type.Integer({ description: 'of them, in the core territory' }),
      optional_territory: Type.Integer({ description: 'of them, in the optional territory' }),
    }),
    { description: 'the current week and the eleven before it, oldest first' },
  ),
});
export type CareStatisticsResponse = Static<typeof CareStatistics>;
