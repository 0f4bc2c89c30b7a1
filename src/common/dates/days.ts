import { format, isValid } from 'date-fns';

/** The earliest and latest days a date filter accepts: the services take epoch seconds from 1970 to the end of 9999. */
export const FIRST_DAY = new Date(1970, 0, 1);
export const LAST_DAY = new Date(9999, 11, 31);

/** 'YYYY-MM-DD' (a local day, as kept in the URL) -> that day's local midnight, or null for anything else. */
export function dateOfDay(day: string | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const result = new Date(year, month - 1, date);
  result.setFullYear(year); // years below 100 are not 19xx
  return result.getFullYear() === year && result.getMonth() === month - 1 && result.getDate() === date ? result : null;
}

/** A date -> its local day 'YYYY-MM-DD'. */
export const dayOf = (date: Date): string => format(date, 'yyyy-MM-dd');

export type DayProblem = 'invalid' | 'after_to' | 'before_from';

/**
 * What is wrong with a date in a from/to pair, or null: not a date, outside the years the services accept, a from after
 * the to, a to before the from.
 */
export function dayProblem(date: Date, bounds: { from?: Date | null; to?: Date | null }): DayProblem | null {
  if (!isValid(date) || date < FIRST_DAY || date > LAST_DAY) return 'invalid';
  if (bounds.to && date > bounds.to) return 'after_to';
  if (bounds.from && date < bounds.from) return 'before_from';
  return null;
}
