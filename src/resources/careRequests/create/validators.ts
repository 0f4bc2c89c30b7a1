import type { Validator } from 'react-admin';
import {
  berlinToday,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  isCalendarDate,
  isWebAddress,
  MAX_LENGTH,
  PHONE_PATTERN,
  ZIP_CODE_PATTERN,
} from '../../../../contracts/intake-rules';

/**
 * The stepper's validators: the intake's own rules (contracts/intake-rules.ts) applied to the value as it will be sent
 * (trimmed), so a request the stepper lets through is accepted.
 */

/** Today in the agency's time zone (Europe/Berlin) as "YYYY-MM-DD": the start date's minimum, as the intake decides it. */
export const todayIso = (now: Date = new Date()) => berlinToday(now);

const message = (name: string) => `caredesk.care.create.validation.${name}`;
const sent = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');
const matches = (pattern: string, value: string) => new RegExp(pattern).test(value);

/** Required; blanks alone count as empty, since the intake trims them away. Marked so that labels show the asterisk. */
export const requiredField: Validator = Object.assign(
  (value: unknown) => (sent(value) === '' ? 'caredesk.validation.required' : undefined),
  { isRequired: true },
);

const maxLength =
  (max: number): Validator =>
  (value: unknown) =>
    sent(value).length > max ? { message: message('max_length'), args: { max } } : undefined;

/** A check of a non-empty value (emptiness is requiredField's). */
const unless =
  (accepts: (value: string) => boolean, key: string): Validator =>
  (value: unknown) => {
    const text = sent(value);
    return text === '' || accepts(text) ? undefined : message(key);
  };

const numeric = unless((value) => /^[0-9]+$/.test(value), 'numeric');

/**
 * The start date is required when the mission begins at a date (code 1), a real day, and not before today in Berlin;
 * marked required, since it is only shown for that choice.
 */
export const startDateValidator: Validator = Object.assign(
  (value: unknown, values: Record<string, unknown>) => {
    if (String(values?.missionBegins) !== '1') return undefined;
    const date = sent(value);
    if (date === '') return 'caredesk.validation.required';
    if (!isCalendarDate(date)) return message('date');
    const today = todayIso();
    if (date < today) return { message: message('min_date'), args: { day: today } };
    return undefined;
  },
  { isRequired: true },
);

export const originValidators = [requiredField, maxLength(MAX_LENGTH.origin), unless(isWebAddress, 'origin')];
export const zipCodeValidators = [
  requiredField,
  numeric,
  unless((value) => matches(ZIP_CODE_PATTERN, value), 'zip_code'),
];
export const cityValidators = [requiredField, maxLength(MAX_LENGTH.city)];
export const nameValidators = [requiredField, maxLength(MAX_LENGTH.name)];
export const phoneValidators = [
  requiredField,
  maxLength(MAX_LENGTH.phone),
  unless((value) => matches(PHONE_PATTERN, value), 'phone'),
];
export const emailValidators = [
  requiredField,
  maxLength(EMAIL_MAX_LENGTH),
  unless((value) => matches(EMAIL_PATTERN, value), 'email'),
];
export const notesValidators = [maxLength(MAX_LENGTH.notes)];
