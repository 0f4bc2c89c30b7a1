import { FormatRegistry, Type } from '@sinclair/typebox';
import { closed, describedNullable } from './schema-kit';

/**
 * Days and moments on the wire (docs/api.md, Timestamps): every contract takes them from here, so that each route accepts only
 * what the database can store and a person can mean. A request naming a year 0 or a five-digit year would otherwise reach
 * PostgreSQL, which refuses it with an error (a 500) instead of a 400 naming the field.
 */

/** The first and last day a request may name. */
const FIRST_DAY = '1900-01-01';
const LAST_DAY = '9999-12-31';
const DAY_PATTERN = '^(19[0-9]{2}|[2-9][0-9]{3})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$';

/** A YYYY-MM-DD string naming a day that exists (no 2026-02-30) from FIRST_DAY to LAST_DAY. */
function isCalendarDay(value: string): boolean {
  if (!new RegExp(DAY_PATTERN).test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

// TypeBox checks `format` only through its registry (an unknown format fails every value): the routes' strict validator, the
// lists' filters and the legacy import all check a CalendarDay with this rule.
FormatRegistry.Set('date', isCalendarDay);

/** A day a request names. */
export const CalendarDay = Type.String({
  format: 'date',
  pattern: DAY_PATTERN,
  description: `a date YYYY-MM-DD from ${FIRST_DAY} to ${LAST_DAY}`,
});

/**
 * A day an answer carries. Looser than CalendarDay on purpose: the serializer refuses a value its schema does not allow, and a row
 * written under an earlier rule must still be readable.
 */
export const AnsweredDay = Type.String({
  pattern: '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$',
  description: 'a date YYYY-MM-DD',
});

/** A filter on a date column: `from` and `to` days, each optional or null, both included. */
export const DayRange = Type.Object(
  { from: Type.Optional(describedNullable(CalendarDay)), to: Type.Optional(describedNullable(CalendarDay)) },
  { ...closed, description: '{"from"?: YYYY-MM-DD, "to"?: YYYY-MM-DD}, both ends included' },
);

/** The last second of year 9999: later moments are refused, so every accepted one fits a JavaScript Date and a timestamp. */
export const LAST_EPOCH_SECOND = 253_402_300_799;

/** A moment: epoch seconds from 1970 to the end of year 9999. */
export const EpochSeconds = Type.Integer({ minimum: 0, maximum: LAST_EPOCH_SECOND, description: 'epoch seconds' });

/** A filter on a time column: `from` and `to` in epoch seconds, each optional or null. */
export const SecondsRange = Type.Object(
  { from: Type.Optional(describedNullable(EpochSeconds)), to: Type.Optional(describedNullable(EpochSeconds)) },
  closed,
);
