import { type Faker } from '@faker-js/faker';
import * as E from '../../contracts/care-enumerations';
import type { CareConfig } from '../../server/config';
import { DAY_MS, minuteOfDay, webFormMoment } from './timeline';

/** What the demo care requests of every form version share: their hosts and notes, submission times, and random picks. */

export const HOSTS = ['www.caredesk.example', 'www.pflege-zuhause.example', 'www.betreuung24.example'];
export const AFFILIATES = ['pflegeportal', 'seniorenratgeber', 'apotheken-umschau', 'google-ads'];
export const NOTES = [
  'Bitte vormittags anrufen.',
  'Meine Mutter lebt allein und braucht Hilfe im Haushalt.',
  'Wir suchen jemanden, der gut Deutsch spricht.',
  'Rückruf bitte nur abends nach 18 Uhr.',
  'Pflegedienst kommt bereits zweimal täglich.',
  'Haus mit Garten, eigenes Zimmer für die Betreuungskraft vorhanden.',
];
export const OTHER_HOUSEHOLD_ACTIVITIES = [
  'window_cleaning',
  'ironing',
  'shopping_companion',
  'reading_aloud',
  'walks',
];

export interface DemoOptions {
  care: CareConfig;
  /** Newest submission time; older ones spread back from it. */
  now?: Date;
  faker?: Faker;
}

const SUBMITTED_RANGES: Record<E.FormVersion, [string, string | null]> = {
  '2012': ['2012-01-01', '2015-12-31'],
  '2016-pre': ['2016-01-01', '2016-06-30'],
  '2016': ['2016-07-01', null],
};
/**
 * Today's form version: this share came in over the last twelve weeks (the dashboard's chart, the board's work), this share in the
 * two years before (closed by now), the rest since the form went online.
 */
const RECENT_SHARE = 0.75;
const EARLIER_SHARE = 0.15;
const RECENT_DAYS = 12 * 7;
const EARLIER_DAYS = 2 * 365;
/** Staff complete this share of the archived versions of web-form requests after calling the customer. */
export const COMPLETED_SHARE = 0.6;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

export function submittedFor(faker: Faker, version: E.FormVersion, now: Date): Date {
  const [from, to] = SUBMITTED_RANGES[version];
  if (version !== '2016') return faker.date.between({ from, to: to! });
  const tier = faker.number.float({ min: 0, max: 1 });
  if (tier < RECENT_SHARE) return webFormMoment(faker, daysBefore(now, RECENT_DAYS), now);
  if (tier < RECENT_SHARE + EARLIER_SHARE)
    return webFormMoment(faker, daysBefore(now, EARLIER_DAYS), daysBefore(now, RECENT_DAYS));
  return webFormMoment(faker, new Date(from), daysBefore(now, EARLIER_DAYS));
}

/** The newest request came in a little while ago (the dashboard's chart and the delivered notices show today). */
export function justNow(faker: Faker, now: Date): Date {
  const sinceMidnight = minuteOfDay(now);
  return new Date(now.getTime() - Math.min(faker.number.int({ min: 12, max: 40 }), sinceMidnight / 2) * 60_000);
}

export const code = (faker: Faker, low: number, high: number) => String(faker.number.int({ min: low, max: high }));

export const maybe = <T>(faker: Faker, value: () => T, probability = 0.85): T | null =>
  faker.datatype.boolean(probability) ? value() : null;
export const one = <T extends readonly string[]>(faker: Faker, values: T): T[number] =>
  faker.helpers.arrayElement(values);
export const some = <T extends readonly string[]>(faker: Faker, values: T, max = 3): T[number][] =>
  faker.helpers.arrayElements(values, { min: 0, max: Math.min(max, values.length) });
