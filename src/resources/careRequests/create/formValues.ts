import type {
  ContactValues,
  MissionValues,
  PatientsValues,
  PatientValues,
} from '../../../dataProviders/careRequests/formValues';

/** The stepper's starting values (the value types live with the intake's mapping in the data layer). */
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
