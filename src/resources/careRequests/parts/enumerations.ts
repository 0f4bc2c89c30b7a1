/** The enumerations the panel needs in form-code order (contracts/care-enumerations.ts). */

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
/** Geschlecht 0, 1. */
export const GENDERS = ['male', 'female'] as const;
/** Mobil 1..5. */
export const MOBILITIES = ['fully_mobile', 'slightly_handicapped', 'walker', 'wheelchair', 'bedridden'] as const;
/** Hoeren, Sprechen, Sehen 0..3. */
export const ABILITIES = ['no_limitations', 'slightly_impaired', 'highly_impaired', 'not_possible'] as const;
/**
 * Nacht 0..2 as the intake stores them (contracts/care-enumerations.ts NIGHT_SHIFT_BY_CODE): never, rarely, frequent,
 * so the stepper shows the same labels as the request's detail views afterwards.
 */
export const NIGHT_SHIFT_BY_CODE = ['never', 'rarely', 'frequent'] as const;
/** Anrede 0, 1, 2. */
export const CONTACT_TITLES = ['mr', 'mrs', 'family'] as const;
/** Titel 0, 1, 2. */
export const ACADEMIC_TITLES = ['none', 'dr', 'prof_dr'] as const;
export const CARE_LEVELS = [0, 1, 2, 3, 4, 5] as const;
