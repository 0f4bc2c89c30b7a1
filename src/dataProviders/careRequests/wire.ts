import type { ArchivedOutput, ContactOutput, IncomingOutput } from '../../../contracts/care';
import type { CareStatus, StaffMemberOutput } from '../../../contracts/care-workflow';

/**
 * The care service's shapes as the panel reads them: any value not known for a request may be null. The mappers at the
 * end take the service's own response types (contracts/care.ts), so a change there that the panel cannot read
 * fails compilation.
 */

type FormVersion = '2012' | '2016-pre' | '2016';
type MissionBegins = 'asap' | 'date' | 'other';
type Gender = 'male' | 'female';

interface PatientDetails {
  can_hear: string | null;
  can_talk: string | null;
  can_see: string | null;
  night_shift: string | null;
  /** 2012 only. */
  ambulatory_care_service?: string | null;
  diseases?: string[] | null;
}

export interface IncomingPatient {
  gender: Gender | null;
  mobility: string | null;
  care_level: number | null;
  details: PatientDetails | null;
}

interface Details2012 {
  accommodation: string | null;
  caregiver_gender: string | null;
  caregiver_language_skills: string | null;
  caregiver_minimum_age: number | null;
  caregiver_work_experience: string | null;
  smokers_allowed: string | null;
  own_bathroom: boolean | null;
  television: string | null;
  night_shift: string | null;
  has_dogs: boolean | null;
  has_cats: boolean | null;
  housing_type: string | null;
  referral: string | null;
}

interface Details2016 {
  newsletter: boolean | null;
  referral: string | null;
}

export interface Incoming {
  uid: string;
  /** react-admin's record id: the uid. */
  id: string;
  form_version: FormVersion;
  host: string;
  legacy_id: string | null;
  /** Epoch seconds. */
  submitted: number;
  affiliate: string | null;
  optional_territory: boolean;
  core_territory: boolean;
  partial_mission_zip_code: string | null;
  mission_begins: MissionBegins | null;
  mission_start_date: string | null;
  drivers_license_required: boolean;
  other_persons_present: boolean;
  archived_request_available: boolean;
  numberOfPatients: number;
  status: CareStatus;
  assignee: StaffMemberOutput | null;
  /** 'YYYY-MM-DD' or null. */
  follow_up: string | null;
  version: number;
  details: Partial<Details2012> & Partial<Details2016>;
  patients: IncomingPatient[];
}

interface Abilities {
  can_hear: string | null;
  can_talk: string | null;
  can_see: string | null;
  can_climb_stairs: string | null;
  can_get_out_of_bed: string | null;
  can_dress: string | null;
  can_walk: string | null;
  can_stand: string | null;
}

export type DayTime = 'morning' | 'noon' | 'evening' | 'night';

export interface ArchivedPatient {
  gender: Gender | null;
  mobility: string | null;
  care_level: number | null;
  ambulatory_care_service: string | null;
  diseases: string[] | null;
  night_shift: string | null;
  medical_aids: string[] | null;
  abilities: Abilities | null;
  care_activities: Record<DayTime, string[] | null> | null;
}

export interface MissionDetails {
  zip_code: string | null;
  begins: MissionBegins | null;
  start_date: string | null;
  other_persons_present: boolean | null;
  other_persons_number: number | null;
  other_persons_need_assistance: boolean | null;
  pets: boolean | string | null;
  night_shift: string | null;
  shops_reachable_by_foot: boolean | null;
  transport: boolean | string | null;
  household_activities: string[] | null;
  relief_breaks: boolean | string | null;
  grocery_shopping: boolean | string | null;
  shops_reachable: string | null;
  smokers_household: boolean | null;
  patients: ArchivedPatient[];
}

export interface Accommodation {
  accommodation: string | null;
  bathroom: string | boolean | null;
  toilet: string | boolean | null;
  television: string | boolean | null;
  internet: string | boolean | null;
  telephone_flat_rate: string | boolean | null;
  family_nearby: boolean | null;
}

export interface CaregiverRequirements {
  gender: string | null;
  language_skills: string | null;
  drivers_license: boolean | null;
  smokers_allowed: string | null;
  work_experience: string | null;
  minimum_age: number | null;
  maximum_age: number | null;
}

export interface Archived {
  uid: string;
  id: string;
  customer_version: '1.0' | '2.0';
  form_version: FormVersion;
  host: string;
  legacy_id: string | null;
  submitted: number;
  affiliate: string | null;
  optional_territory: boolean;
  core_territory: boolean;
  newsletter: boolean | null;
  referral: string | null;
  contact: { title: string | null; partial_zip_code: string | null } | null;
  /** When the customer's contact data was erased (epoch seconds); null while it is kept. */
  contact_erased?: number | null;
  mission_details: MissionDetails | null;
  accommodation: Accommodation | null;
  caregiver_requirements: CaregiverRequirements | null;
}

/** A care customer's contact data (GET /archived/care-requests/{uid}/contact/, care:contact); any field may be unknown. */
export type CareContact = ContactOutput;

/** The care service's list items and archived requests -> records with id = uid. */
export const toIncomingRecord = (item: IncomingOutput): Incoming => ({ ...item, id: item.uid });
export const toArchivedRecord = (item: ArchivedOutput): Archived => ({ ...item, id: item.uid });
