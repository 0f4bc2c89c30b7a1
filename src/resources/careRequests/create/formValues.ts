/** The stepper's values (care-requests.md section 3, "Care request form"): form codes, not enumeration names. */
export interface MissionValues {
  origin: string;
  zipCode: string;
  city: string;
  /** 0 asap, 1 at date, 2 unknown. */
  missionBegins: number | string | null;
  /** "YYYY-MM-DD", only with missionBegins 1. */
  startDate: string | null;
  otherPersonsPresent: boolean;
  /** Einkauf: the caregiver does the grocery shopping (the service stores it as drivers_license_required). */
  groceryShopping: boolean;
  newsletter: boolean;
  /** 0-7 or null. */
  referral: number | null;
}

export interface PatientValues {
  /** 0 male, 1 female. */
  gender: number | null;
  careLevel: number | null;
  mobility: number | null;
  canHear: number | null;
  canTalk: number | null;
  canSee: number | null;
  nightShift: number | null;
}

export interface PatientsValues {
  patients: PatientValues[];
}

export interface ContactValues {
  /** 0 Mr., 1 Mrs., 2 Family. */
  title: number | null;
  /** 0 none, 1 Dr., 2 Prof. Dr. */
  academicTitle: number | null;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  notes: string;
}

export type CareRequestValues = MissionValues & PatientsValues & ContactValues;

export const emptyPatient = (): PatientValues => ({
  gender: null,
  careLevel: null,
  mobility: null,
  canHear: null,
  canTalk: null,
  canSee: null,
  nightShift: null,
});

export const initialMission = (origin: string): MissionValues => ({
  origin,
  zipCode: '',
  city: '',
  missionBegins: null,
  startDate: null,
  otherPersonsPresent: false,
  groceryShopping: false,
  newsletter: false,
  referral: null,
});

export const initialPatients = (): PatientsValues => ({ patients: [emptyPatient()] });

export const initialContact = (): ContactValues => ({
  title: null,
  academicTitle: null,
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  notes: '',
});

/** The default Origin when /config.json has no agencyWebsite. */
export const DEFAULT_AGENCY_WEBSITE = 'https://www.caredesk.example';

/** The fixed campaign-tracking values of requests entered in the panel (README documents them). */
export const PANEL_TRACKING = { utm_source: 'caredesk', utm_medium: 'panel', utm_campaign: 'staff-entry' } as const;
