import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { AnsweredDay, CalendarDay, SecondsRange } from './dates';
import { Page, pagedList } from './paging';
import { Uid } from './common';
import { closed, describedNullable, nullable, oneOf } from './schema-kit';
import { TimeZone } from './statistics';
import * as E from './care-enumerations';
import { WORKFLOW_FILTERS_DESCRIPTION, WORKFLOW_SORT_KEYS, WorkflowFields, WorkflowFilters } from './care-workflow';

/**
 * The care service's wire shapes (its routes: server/care/routes.ts). They are its response schemas and, as stored jsonb,
 * what the legacy import checks its lines against. Every leaf a request does not know is null; objects are always present, and
 * closed: a legacy line with a misspelt key is refused rather than silently losing the value.
 */

const listOf = <T extends readonly string[]>(values: T) =>
  describedNullable(Type.Array(oneOf(values), { maxItems: values.length, uniqueItems: true }));
const flag = describedNullable(Type.Boolean());
const age = describedNullable(Type.Integer({ minimum: 0, maximum: 150 }));

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

const PatientDetails2016 = Type.Object(
  {
    can_hear: describedNullable(oneOf(E.ABILITIES)),
    can_talk: describedNullable(oneOf(E.ABILITIES)),
    can_see: describedNullable(oneOf(E.ABILITIES)),
    night_shift: describedNullable(oneOf(E.NIGHT_SHIFTS)),
  },
  closed,
);
const PatientDetails2012 = Type.Object(
  {
    ...PatientDetails2016.properties,
    ambulatory_care_service: describedNullable(oneOf(E.AMBULATORY_CARE_SERVICES)),
    diseases: listOf(E.DISEASES),
  },
  closed,
);

const incomingPatient = <T extends TSchema>(details: T) =>
  Type.Object(
    {
      gender: describedNullable(oneOf(E.GENDERS)),
      mobility: describedNullable(oneOf(E.MOBILITIES)),
      care_level: describedNullable(Type.Integer({ minimum: 0, maximum: 5 })),
      details,
    },
    closed,
  );
const IncomingPatient2012 = incomingPatient(PatientDetails2012);
const IncomingPatient2016 = incomingPatient(PatientDetails2016);

const IncomingDetails2012 = Type.Object(
  {
    accommodation: describedNullable(oneOf(E.ACCOMMODATIONS)),
    caregiver_gender: describedNullable(oneOf(E.CAREGIVER_GENDERS)),
    caregiver_language_skills: describedNullable(oneOf(E.LANGUAGE_SKILLS)),
    caregiver_minimum_age: age,
    caregiver_work_experience: describedNullable(oneOf(E.EXPERIENCES)),
    smokers_allowed: describedNullable(oneOf(E.SMOKING)),
    own_bathroom: flag,
    television: describedNullable(oneOf(E.CONNECTIVITIES)),
    night_shift: describedNullable(oneOf(E.NIGHT_SHIFTS)),
    has_dogs: flag,
    has_cats: flag,
    housing_type: describedNullable(oneOf(E.HOUSING_TYPES)),
    referral: describedNullable(oneOf(E.REFERRALS)),
  },
  closed,
);
const IncomingDetails2016 = Type.Object(
  {
    newsletter: flag,
    referral: describedNullable(oneOf(E.REFERRALS)),
  },
  closed,
);

/** The incoming fields a request brings along, without the ones the store owns (uid, numberOfPatients, archived flag). */
const incomingFields = <D extends TSchema, P extends TSchema>(details: D, patient: P) =>
  Type.Object(
    {
      core_territory: Type.Boolean(),
      optional_territory: Type.Boolean(),
      partial_mission_zip_code: describedNullable(PartialZipCode),
      mission_begins: MissionBegins,
      mission_start_date: describedNullable(CalendarDay),
      drivers_license_required: Type.Boolean(),
      other_persons_present: Type.Boolean(),
      details,
      patients: Type.Array(patient, { minItems: 1, maxItems: 2 }),
    },
    closed,
  );
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
  legacy_id: describedNullable(Type.String({ description: 'its id in the legacy file, for imported requests' })),
  submitted: Type.Integer({ description: 'epoch seconds' }),
  affiliate: describedNullable(Type.String({ description: "the web form's utm_source" })),
  optional_territory: Type.Boolean(),
  core_territory: Type.Boolean(),
};

/** 2012 layouts come first: a 2016 layout would also accept a 2012 object and so drop its extra fields on serialisation. */
const Incoming = Type.Object(
  {
    ...Origin,
    partial_mission_zip_code: describedNullable(Type.String()),
    mission_begins: MissionBegins,
    mission_start_date: describedNullable(Type.String()),
    drivers_license_required: Type.Boolean(),
    other_persons_present: Type.Boolean(),
    archived_request_available: Type.Boolean(),
    numberOfPatients: Type.Integer(),
    details: Type.Union([IncomingDetails2012, IncomingDetails2016]),
    patients: Type.Array(Type.Union([IncomingPatient2012, IncomingPatient2016])),
    ...WorkflowFields,
  },
  closed,
);
export type IncomingOutput = Static<typeof Incoming>;

const Abilities = Type.Object(
  {
    can_hear: describedNullable(oneOf(E.ABILITIES)),
    can_talk: describedNullable(oneOf(E.ABILITIES)),
    can_see: describedNullable(oneOf(E.ABILITIES)),
    can_climb_stairs: describedNullable(oneOf(E.DEPENDENCES)),
    can_get_out_of_bed: describedNullable(oneOf(E.DEPENDENCES)),
    can_dress: describedNullable(oneOf(E.DEPENDENCES)),
    can_walk: describedNullable(oneOf(E.DEPENDENCES)),
    can_stand: describedNullable(oneOf(E.DEPENDENCES)),
  },
  closed,
);
const CareActivities = Type.Object(
  {
    morning: listOf(E.CARE_ACTIVITIES),
    noon: listOf(E.CARE_ACTIVITIES),
    evening: listOf(E.CARE_ACTIVITIES),
    night: listOf(E.CARE_ACTIVITIES),
  },
  closed,
);
const ArchivedPatient = Type.Object(
  {
    gender: describedNullable(oneOf(E.GENDERS)),
    mobility: describedNullable(oneOf(E.MOBILITIES)),
    care_level: describedNullable(Type.Integer({ minimum: 0, maximum: 5 })),
    ambulatory_care_service: describedNullable(oneOf(E.AMBULATORY_CARE_SERVICES)),
    diseases: listOf(E.DISEASES),
    night_shift: describedNullable(oneOf(E.NIGHT_SHIFTS)),
    medical_aids: listOf(E.MEDICAL_AIDS),
    abilities: Abilities,
    care_activities: CareActivities,
  },
  closed,
);
export type ArchivedPatientOutput = Static<typeof ArchivedPatient>;

const MissionDetails = Type.Object(
  {
    zip_code: describedNullable(PartialZipCode),
    begins: describedNullable(MissionBegins),
    start_date: describedNullable(AnsweredDay),
    other_persons_present: flag,
    other_persons_number: describedNullable(Type.Integer({ minimum: 0, maximum: 20 })),
    other_persons_need_assistance: flag,
    pets: flag,
    night_shift: describedNullable(oneOf(E.NIGHT_SHIFTS)),
    shops_reachable_by_foot: flag,
    transport: flag,
    household_activities: describedNullable(Type.Array(SnakeCaseWord, { maxItems: 64, uniqueItems: true })),
    relief_breaks: flag,
    grocery_shopping: flag,
    shops_reachable: describedNullable(oneOf(E.SHOP_REACHABILITIES)),
    smokers_household: flag,
    patients: Type.Array(ArchivedPatient, { minItems: 1, maxItems: 2 }),
  },
  closed,
);

const Accommodation = Type.Object(
  {
    accommodation: describedNullable(oneOf(E.ACCOMMODATIONS)),
    bathroom: flag,
    toilet: flag,
    television: describedNullable(oneOf(E.CONNECTIVITIES)),
    internet: describedNullable(oneOf(E.CONNECTIVITIES)),
    telephone_flat_rate: describedNullable(oneOf(E.CONNECTIVITIES)),
    family_nearby: flag,
  },
  closed,
);

const CaregiverRequirements = Type.Object(
  {
    gender: describedNullable(oneOf(E.CAREGIVER_GENDERS)),
    language_skills: describedNullable(oneOf(E.LANGUAGE_SKILLS)),
    drivers_license: flag,
    smokers_allowed: describedNullable(oneOf(E.SMOKING)),
    work_experience: describedNullable(oneOf(E.EXPERIENCES)),
    minimum_age: age,
    maximum_age: age,
  },
  closed,
);

const ArchivedContact = Type.Object(
  {
    title: describedNullable(oneOf(E.CONTACT_TITLES)),
    partial_zip_code: describedNullable(PartialZipCode),
  },
  closed,
);

/** The archived fields a request brings along; the rest comes from its incoming request. */
export const ArchivedFields = Type.Object(
  {
    customer_version: oneOf(E.CUSTOMER_VERSIONS),
    newsletter: flag,
    referral: describedNullable(oneOf(E.REFERRALS)),
    contact: ArchivedContact,
    mission_details: MissionDetails,
    accommodation: Accommodation,
    caregiver_requirements: CaregiverRequirements,
  },
  closed,
);
export type ArchivedFieldsInput = Static<typeof ArchivedFields>;

export const Archived = Type.Object(
  {
    ...Origin,
    ...ArchivedFields.properties,
    contact_erased: nullable(Type.Integer(), {
      readOnly: true,
      description:
        'when the contact data was erased (retention or an erasure request), epoch seconds; null while it is kept',
    }),
  },
  closed,
);
export type ArchivedOutput = Static<typeof Archived>;

/** Personal data kept apart from the lists (care_request_contacts). */
export const PersonalData = Type.Object(
  {
    salutation: Type.Optional(describedNullable(oneOf(E.CONTACT_TITLES))),
    academic_title: Type.Optional(describedNullable(oneOf(E.ACADEMIC_TITLES))),
    first_name: Type.Optional(describedNullable(Type.String({ maxLength: 128 }))),
    last_name: Type.Optional(describedNullable(Type.String({ maxLength: 128 }))),
    phone: Type.Optional(describedNullable(Type.String({ maxLength: 64 }))),
    email: Type.Optional(describedNullable(Type.String({ maxLength: 254 }))),
    notes: Type.Optional(describedNullable(Type.String({ maxLength: 10_000 }))),
    mission_zip_code: Type.Optional(
      describedNullable(Type.String({ pattern: '^[0-9]{5}$', description: 'a 5-digit zip code' })),
    ),
    mission_city: Type.Optional(describedNullable(Type.String({ maxLength: 128 }))),
  },
  closed,
);
export type PersonalDataInput = Static<typeof PersonalData>;

/** GET /archived/care-requests/{uid}/contact/: every field present, null when the request did not carry it. */
export const Contact = Type.Required(PersonalData, closed);
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
  filters: Type.Object({ submitted: Type.Optional(SecondsRange), ...WorkflowFilters }, closed),
  filtersDescription: `a JSON object {"submitted": {"from"?: epoch seconds, "to"?: epoch seconds}, ${WORKFLOW_FILTERS_DESCRIPTION}}`,
});

export const IncomingPage = Page(Incoming);
export const ArchivedPage = Page(Archived);
export const CareRequestUidParams = Type.Object({ uid: Uid }, closed);

export const CareStatistics = Type.Object(
  {
    time_zone: TimeZone,
    weeks: Type.Array(
      Type.Object(
        {
          week: Type.String({ description: 'the ISO week, e.g. 2026-W48' }),
          starts: Type.String({ description: 'its Monday, YYYY-MM-DD' }),
          requests: Type.Integer({ description: 'care requests submitted in the week' }),
          core_territory: Type.Integer({ description: 'of them, in the core territory' }),
          optional_territory: Type.Integer({ description: 'of them, in the optional territory' }),
        },
        closed,
      ),
      { description: 'the current week and the eleven before it, oldest first' },
    ),
  },
  closed,
);
export type CareStatisticsResponse = Static<typeof CareStatistics>;
