import type { CareConfig } from '../config';
import * as E from '../../contracts/care-enumerations';
import type { ArchivedFieldsInput, ArchivedPatientOutput, IncomingFields } from '../../contracts/care';
import { partialZipCode, territoryOf, type CareRequestRecord } from '../care';
import { hostOf, PATIENT_FIELD_NAMES, type IntakeFormFields } from './form';

/** The form every intake submission is: the current one, 2016, whose archived request is customer version 2.0. */
const INTAKE_FORM_VERSION = '2016';
const INTAKE_CUSTOMER_VERSION = '2.0';

type Form = IntakeFormFields & Record<string, unknown>;

const codeOf = (value: string) => Number(value);
const pick = <T extends readonly string[]>(values: T, code: string, offset = 0): T[number] =>
  values[codeOf(code) - offset];
const yes = (value: string | undefined) => value === '1';

interface FormPatient {
  gender: (typeof E.GENDERS)[number];
  mobility: (typeof E.MOBILITIES)[number];
  care_level: number;
  can_hear: (typeof E.ABILITIES)[number];
  can_talk: (typeof E.ABILITIES)[number];
  can_see: (typeof E.ABILITIES)[number];
  night_shift: (typeof E.NIGHT_SHIFTS)[number];
}

function patientOf(form: Form, prefix: 'P0' | 'P1'): FormPatient | null {
  const field = (name: string) => form[`${prefix}${name}`] as string | undefined;
  if (PATIENT_FIELD_NAMES.some((name) => field(name) === undefined)) return null;
  return {
    gender: pick(E.GENDERS, field('Geschlecht')!),
    care_level: codeOf(field('Pflegegrad')!),
    mobility: pick(E.MOBILITIES, field('Mobil')!, 1),
    can_hear: pick(E.ABILITIES, field('Hoeren')!),
    can_talk: pick(E.ABILITIES, field('Sprechen')!),
    can_see: pick(E.ABILITIES, field('Sehen')!),
    night_shift: pick(E.NIGHT_SHIFT_BY_CODE, field('Nacht')!),
  };
}

function patientsOf(form: Form): FormPatient[] {
  return [patientOf(form, 'P0'), patientOf(form, 'P1')].filter((patient): patient is FormPatient => patient !== null);
}

function incomingOf(form: Form, patients: FormPatient[], config: CareConfig): IncomingFields {
  const begins = pick(E.MISSION_BEGINS, form.BetreuungBeginn);
  return {
    ...territoryOf(form.EinsatzPLZ, config),
    partial_mission_zip_code: partialZipCode(form.EinsatzPLZ, config.partialZipDigits),
    mission_begins: begins,
    mission_start_date: begins === 'date' ? form.Anreisedatum! : null,
    drivers_license_required: yes(form.Einkauf),
    other_persons_present: yes(form.WeiterePersonen),
    details: {
      newsletter: yes(form.newsletter),
      referral: form.ErfahrenVon ? pick(E.REFERRALS, form.ErfahrenVon) : null,
    },
    patients: patients.map(({ gender, mobility, care_level, can_hear, can_talk, can_see, night_shift }) => ({
      gender,
      mobility,
      care_level,
      details: { can_hear, can_talk, can_see, night_shift },
    })),
  };
}

function archivedPatientOf(patient: FormPatient): ArchivedPatientOutput {
  return {
    gender: patient.gender,
    mobility: patient.mobility,
    care_level: patient.care_level,
    ambulatory_care_service: null,
    diseases: null,
    night_shift: patient.night_shift,
    medical_aids: null,
    abilities: {
      can_hear: patient.can_hear,
      can_talk: patient.can_talk,
      can_see: patient.can_see,
      can_climb_stairs: null,
      can_get_out_of_bed: null,
      can_dress: null,
      can_walk: null,
      can_stand: null,
    },
    care_activities: { morning: null, noon: null, evening: null, night: null },
  };
}

/** What the 2016 form does not ask stays null: the archive never claims more than the customer said. */
function archivedOf(form: Form, incoming: IncomingFields, patients: FormPatient[]): ArchivedFieldsInput {
  return {
    customer_version: INTAKE_CUSTOMER_VERSION,
    newsletter: yes(form.newsletter),
    referral: form.ErfahrenVon ? pick(E.REFERRALS, form.ErfahrenVon) : null,
    contact: { title: pick(E.CONTACT_TITLES, form.Anrede), partial_zip_code: incoming.partial_mission_zip_code },
    mission_details: {
      zip_code: incoming.partial_mission_zip_code,
      begins: incoming.mission_begins,
      start_date: incoming.mission_start_date,
      other_persons_present: incoming.other_persons_present,
      other_persons_number: null,
      other_persons_need_assistance: null,
      pets: null,
      night_shift: null,
      shops_reachable_by_foot: null,
      transport: null,
      household_activities: null,
      relief_breaks: null,
      grocery_shopping: null,
      shops_reachable: null,
      smokers_household: null,
      patients: patients.map(archivedPatientOf),
    },
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
      drivers_license: incoming.drivers_license_required,
      smokers_allowed: null,
      work_experience: null,
      minimum_age: null,
      maximum_age: null,
    },
  };
}

function trackingOf(form: Form): Record<string, string> {
  const keys = ['WWW', 'utm_source', 'utm_medium', 'utm_campaign', 'nodelay'] as const;
  return Object.fromEntries(
    keys.filter((key) => form[key] !== undefined).map((key) => [key.toLowerCase(), form[key]!]),
  );
}

function personalOf(form: Form): NonNullable<CareRequestRecord['personal']> {
  return {
    salutation: pick(E.CONTACT_TITLES, form.Anrede),
    academic_title: pick(E.ACADEMIC_TITLES, form.Titel),
    first_name: form.Vorname,
    last_name: form.Nachname,
    phone: form.Telefon,
    email: form.EMail,
    notes: form.Bemerkungen ?? null,
    mission_zip_code: form.EinsatzPLZ,
    mission_city: form.EinsatzOrt,
    tracking: trackingOf(form),
  };
}

interface SubmissionContext {
  /** The host to use when the form carries no WWW field: the request's Origin or Referer host, or "". */
  fallbackHost: string;
  submitted: Date;
  config: CareConfig;
}

/** Turns a checked form into the record the store keeps: incoming, archived and contact data. */
export function recordOfForm(form: Form, context: SubmissionContext): CareRequestRecord {
  const patients = patientsOf(form);
  const incoming = incomingOf(form, patients, context.config);
  return {
    legacyId: null,
    formVersion: INTAKE_FORM_VERSION,
    submitted: context.submitted,
    host: (form.WWW ? hostOf(form.WWW) : null) ?? context.fallbackHost,
    affiliate: form.utm_source ?? null,
    incoming,
    archived: archivedOf(form, incoming, patients),
    personal: personalOf(form),
  };
}
