/**
 * The care-request intake's field rules, in one place for both sides: the intake (server/intake/form.ts) builds its
 * schema and checks from them, and the panel's stepper validates with them, so a request the stepper accepts is
 * accepted. Plain TypeScript that runs in Node and in the browser. Lengths count UTF-16 code units of the trimmed
 * value, as the intake's schema does.
 */
export { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email-address';
export { hostOf, isWebAddress, WEB_ADDRESS_DETAIL } from './web-address';

export const ZIP_CODE_PATTERN = '^[0-9]{5}$';
export const START_DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
/** A phone number holds at least three digits; blanks, "+", "/", "-" and the like are free. */
export const PHONE_PATTERN = '(?:[^0-9]*[0-9]){3}';

export const MAX_LENGTH = {
  city: 128,
  name: 128,
  phone: 64,
  notes: 5000,
  origin: 2048,
} as const;

/** The start date is "in the past" by the calendar of the agency's time zone, wherever the sender is. */
export const AGENCY_TIME_ZONE = 'Europe/Berlin';

/** The intake's wording of the reasons that the panel translates (see the stepper's Failed card). */
export const REQUIRED_DETAIL = 'This field is required';
export const PAST_DATE_DETAIL = 'must not be in the past';
export const maxLengthDetail = (max: number) => `must have at most ${max} characters`;
export const MAX_LENGTH_DETAIL_PATTERN = /^must have at most (\d+) characters$/;

/** Today in Berlin, where the agency works, as YYYY-MM-DD: a start date of today is never "in the past" for it. */
export function berlinToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: AGENCY_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** A YYYY-MM-DD string naming a day that exists (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!new RegExp(START_DATE_PATTERN).test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
