/** The enumerations of the care requests' fields (contracts/care.ts), in the order of the form codes that select them. */

export const FORM_VERSIONS = ['2012', '2016-pre', '2016'] as const;
export type FormVersion = (typeof FORM_VERSIONS)[number];

export const CUSTOMER_VERSIONS = ['1.0', '2.0'] as const;

/** BetreuungBeginn 0, 1, 2. */
export const MISSION_BEGINS = ['asap', 'date', 'other'] as const;
export type MissionBegins = (typeof MISSION_BEGINS)[number];

/** Geschlecht 0, 1. */
export const GENDERS = ['male', 'female'] as const;
/** Mobil 1..5. */
export const MOBILITIES = ['fully_mobile', 'slightly_handicapped', 'walker', 'wheelchair', 'bedridden'] as const;
/** Hoeren, Sprechen, Sehen 0..3. */
export const ABILITIES = ['no_limitations', 'slightly_impaired', 'highly_impaired', 'not_possible'] as const;
export const DEPENDENCES = [
  'independent',
  'mostly_independent',
  'mostly_dependant',
  'dependant',
  'irrelevant',
] as const;
export const NIGHT_SHIFTS = ['never', 'rarely', 'once_a_night', 'frequent'] as const;
/** ErfahrenVon 0..7. */
export const REFERRALS = [
  'recommendation',
  'google',
  'other_search_engine',
  'magazine',
  'newspaper',
  'tv',
  'flyer',
  'other',
] as const;
export const DISEASES = [
  'alzheimer',
  'arthrosis',
  'dialysis',
  'mentally_ill',
  'cardiovascular_diseases',
  'incontinence',
  'cancer',
  'multiple_sclerosis',
  'osteoporosis',
  'parkinson',
  'rheumatism',
  'stroke',
  'dementia',
  'diabetes',
  'probe',
  'catheter',
  'pain_patient',
] as const;
/** 8 of the 17 household activities are known by name; the others are accepted as any snake_case word. */
export const KNOWN_HOUSEHOLD_ACTIVITIES = [
  'visit_physician',
  'tidy_up',
  'excursions',
  'grocery_shopping',
  'cooking',
  'gardening',
  'laundry',
  'pet_care',
] as const;
export const SHOP_REACHABILITIES = ['by_foot', 'by_bike', 'public_transport', 'by_car_only'] as const;
export const MEDICAL_AIDS = [
  'rollator',
  'wheelchair',
  'stair_lift',
  'patient_lift',
  'care_bed',
  'shower_seat',
  'commode_chair',
  'other_person_helps',
] as const;
export const CARE_ACTIVITIES = [
  'dress',
  'shower',
  'intimate_hygiene',
  'personal_hygiene',
  'mobilization',
  'ingestion',
  'bring_to_bed',
  'toilet',
  'relocate',
  'change_incontinence_material',
  'cooking',
] as const;
export const ACCOMMODATIONS = ['one_room', 'two_rooms', 'apartment'] as const;
export const HOUSING_TYPES = ['house', 'apartment', 'unknown'] as const;
export const CONNECTIVITIES = ['available', 'not_available', 'to_be_arranged'] as const;
export const CAREGIVER_GENDERS = ['unimportant', 'male', 'female'] as const;
export const LANGUAGE_SKILLS = ['basic', 'conversant', 'proficient', 'fluent'] as const;
export const SMOKING = ['unimportant', 'only_outside', 'yes', 'nonsmokers_only'] as const;
/** 2016 forms use the first four, 2012 forms the last three. */
export const EXPERIENCES = [
  'basic',
  'intermediate',
  'advanced',
  'expert',
  'required',
  'unimportant',
  'desirable',
] as const;
export const AMBULATORY_CARE_SERVICES = ['no', 'yes', 'to_be_discontinued'] as const;
/** Anrede 0, 1, 2. */
export const CONTACT_TITLES = ['mr', 'mrs', 'family'] as const;
/** Titel 0, 1, 2. */
export const ACADEMIC_TITLES = ['none', 'dr', 'prof_dr'] as const;

/**
 * Nacht 0..2 onto the four night-shift values: the form asks "none / occasionally / regularly", and "regularly" is taken
 * as the demanding case (frequent) so that caregivers are never promised quieter nights than the customer described.
 * once_a_night only comes from legacy data.
 */
export const NIGHT_SHIFT_BY_CODE = ['never', 'rarely', 'frequent'] as const;
