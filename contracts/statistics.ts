import { Type } from '@sinclair/typebox';

/**
 * The statistics routes' calendar (docs/api.md, Statistics): "today" and the weeks are days and ISO weeks (Monday to Sunday)
 * in the agency's time zone, whatever zone the server or the database runs in, so every viewer sees the same figures.
 */
export const STATISTICS_TIME_ZONE = 'Europe/Berlin';

export const TimeZone = Type.Literal(STATISTICS_TIME_ZONE, { description: 'the IANA time zone of days and weeks' });
