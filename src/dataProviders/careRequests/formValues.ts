/** The care-request stepper's values, as the intake's form takes them: form codes, not enumeration names. */
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
