/** The services take epoch seconds from 1970 to the end of 9999. */
const LAST_SECOND = 253_402_300_799;

/**
 * 'YYYY-MM-DD' (local day) -> epoch seconds of its start, or of its end with `endOfDay`, kept within what the services
 * take; undefined for anything that is not a day of the calendar.
 */
export function daySeconds(day: unknown, endOfDay = false): number | undefined {
  if (typeof day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [year, month, date] = day.split('-').map(Number);
  const time = endOfDay ? new Date(2000, 0, 1, 23, 59, 59) : new Date(2000, 0, 1, 0, 0, 0);
  time.setFullYear(year, month - 1, date); // not Date's constructor: it reads years below 100 as 19xx
  if (time.getFullYear() !== year || time.getMonth() !== month - 1 || time.getDate() !== date) return undefined;
  return Math.min(LAST_SECOND, Math.max(0, Math.floor(time.getTime() / 1000)));
}

/**
 * A panel day-range filter {from?, to?} (local days 'YYYY-MM-DD') -> the services' {from?, to?} in epoch seconds: the
 * start of `from`, the end of `to`; undefined when neither is a day. A filter rule of the paged dialect.
 */
export function dayRange(value: unknown): { from?: number; to?: number } | undefined {
  const range = (value ?? {}) as { from?: unknown; to?: unknown };
  const from = daySeconds(range.from);
  const to = daySeconds(range.to, true);
  if (from === undefined && to === undefined) return undefined;
  return { ...(from !== undefined && { from }), ...(to !== undefined && { to }) };
}
