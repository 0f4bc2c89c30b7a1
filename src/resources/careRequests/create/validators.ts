import { format } from 'date-fns';
import { email, regex, required, type Validator } from 'react-admin';

/** Today as "YYYY-MM-DD" in the browser's time zone: the start date's minimum. */
export const todayIso = (now: Date = new Date()) => format(now, 'yyyy-MM-dd');

export const requiredField = required('caredesk.validation.required');
export const numeric = regex(/^[0-9]+$/, 'caredesk.care.create.validation.numeric');
export const validEmail = email('caredesk.care.create.validation.email');

/** The start date is required when the mission begins at a date (code 1) and must not lie in the past. */
export const startDateValidator: Validator = (value: unknown, values: Record<string, unknown>) => {
  if (String(values?.missionBegins) !== '1') return undefined;
  if (value === null || value === undefined || value === '') return 'caredesk.validation.required';
  const today = todayIso();
  if (String(value) < today) return { message: 'caredesk.care.create.validation.min_date', args: { date: today } };
  return undefined;
};

export const zipCodeValidators = [requiredField, numeric];
export const emailValidators = [requiredField, validEmail];
