import type { Faker } from '@faker-js/faker';
import { AGENCY_TIME_ZONE, berlinToday } from '../../contracts/intake-rules';

/**
 * When things happen in the demo's agency, in its time zone (Europe/Berlin): staff work on weekdays in office hours, customers
 * send the web form at any hour of any day but mostly in the morning and the evening. Days are calendar days `YYYY-MM-DD` there.
 */

const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: AGENCY_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** How far the agency's clock is ahead of UTC at `instant`, in minutes (60 in winter, 120 in summer). */
function offsetMinutes(instant: number): number {
  const parts = Object.fromEntries(
    wallClock.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]),
  );
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / MINUTE_MS);
}

/** The agency's calendar day of `date`. */
export const agencyDay = (date: Date): string => berlinToday(date);

/** Minutes since the agency's midnight of `date`. */
export const minuteOfDay = (date: Date): number =>
  Math.floor(((date.getTime() + offsetMinutes(date.getTime()) * MINUTE_MS) % DAY_MS) / MINUTE_MS);

export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** 0 Sunday … 6 Saturday. */
export const weekdayOf = (day: string): number => new Date(`${day}T12:00:00Z`).getUTCDay();
export const isWorkday = (day: string): boolean => weekdayOf(day) !== 0 && weekdayOf(day) !== 6;

/** The workday `workdays` after `day` (0: `day` itself, or the next workday when it is a weekend day). */
export function workdayAfter(day: string, workdays: number): string {
  let current = day;
  while (!isWorkday(current)) current = addDays(current, 1);
  for (let left = workdays; left > 0;) {
    current = addDays(current, 1);
    if (isWorkday(current)) left -= 1;
  }
  return current;
}

/** The workday `workdays` before `day` (0: `day` itself, or the workday before when it is a weekend day). */
export function workdayBefore(day: string, workdays: number): string {
  let current = day;
  while (!isWorkday(current)) current = addDays(current, -1);
  for (let left = workdays; left > 0;) {
    current = addDays(current, -1);
    if (isWorkday(current)) left -= 1;
  }
  return current;
}

/** The instant of `minute` minutes after the agency's midnight of `day`. */
export function agencyMoment(day: string, minute: number): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + minute * MINUTE_MS;
  const guess = wall - offsetMinutes(wall) * MINUTE_MS;
  return new Date(wall - offsetMinutes(guess) * MINUTE_MS);
}

/** A minute of office hours (8:00 to 18:00), busiest in the morning and the early afternoon. */
export function officeMinute(faker: Faker): number {
  const hour = faker.helpers.weightedArrayElement([
    { weight: 2, value: 8 },
    { weight: 5, value: 9 },
    { weight: 5, value: 10 },
    { weight: 4, value: 11 },
    { weight: 2, value: 12 },
    { weight: 4, value: 13 },
    { weight: 4, value: 14 },
    { weight: 3, value: 15 },
    { weight: 2, value: 16 },
    { weight: 1, value: 17 },
  ]);
  return hour * 60 + faker.number.int({ min: 0, max: 59 });
}

/** A minute at which relatives send the web form: from early morning to late at night, most in the morning and the evening. */
export function webFormMinute(faker: Faker): number {
  const hour = faker.helpers.weightedArrayElement(
    [1, 1, 2, 4, 5, 5, 4, 3, 3, 4, 4, 3, 4, 5, 6, 6, 5, 3, 2].map((weight, index) => ({ weight, value: index + 6 })),
  );
  return hour * 60 + faker.number.int({ min: 0, max: 59 });
}

/** An office-hours moment on the workday `workdays` after `day`. */
export const officeMomentOn = (faker: Faker, day: string, workdays = 0) =>
  agencyMoment(workdayAfter(day, workdays), officeMinute(faker));

/**
 * The moment staff next act on something that happened `after`: between `workdays[0]` and `workdays[1]` workdays later (0: the same
 * day), in office hours, never sooner than `minMinutes` after it (past 18:00 that is the next workday).
 */
export function laterOfficeMoment(
  faker: Faker,
  after: Date,
  minMinutes: number,
  [fewest, most]: [number, number],
): Date {
  const earliest = new Date(after.getTime() + minMinutes * MINUTE_MS);
  const candidate = officeMomentOn(faker, agencyDay(after), faker.number.int({ min: fewest, max: most }));
  if (candidate > earliest) return candidate;
  const soon = new Date(earliest.getTime() + faker.number.int({ min: 5, max: 90 }) * MINUTE_MS);
  if (isWorkday(agencyDay(soon)) && minuteOfDay(soon) >= 8 * 60 && minuteOfDay(soon) < 18 * 60) return soon;
  return officeMomentOn(faker, addDays(agencyDay(earliest), 1));
}

/** A moment a relative sent the web form, on a day between `from` and `to` (weekends a little less often), never after `to`. */
export function webFormMoment(faker: Faker, from: Date, to: Date): Date {
  for (let tries = 0; tries < 10; tries += 1) {
    const day = agencyDay(faker.date.between({ from, to }));
    if (!isWorkday(day) && faker.datatype.boolean(0.3)) continue;
    const moment = agencyMoment(day, webFormMinute(faker));
    if (moment >= from && moment <= to) return moment;
  }
  return faker.date.between({ from, to });
}
