import { type Faker } from '@faker-js/faker';
import * as E from '../../contracts/care-enumerations';
import type { CareConfig } from '../../server/config';

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
export const OTHER_HOUSEHOLD_ACTIVITIES = ['window_cleaning', 'ironing', 'shopping_companion', 'reading_aloud', 'walks'];

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
/** The dashboard's chart shows twelve weeks: this share of today's form version came in then. */
const RECENT_SHARE = 0.65;
const RECENT_DAYS = 12 * 7;
const DAY_MS = 86_400_000;
/** Staff complete this share of the archived versions of web-form requests after calling the customer. */
export const COMPLETED_SHARE = 0.6;

export function submittedFor(faker: Faker, version: E.FormVersion, now: Date): Date {
  const [from, to] = SUBMITTED_RANGES[version];
  const recentFrom = new Date(now.getTime() - RECENT_DAYS * DAY_MS);
  if (version === '2016' && faker.datatype.boolean(RECENT_SHARE)) return faker.date.between({ from: recentFrom, to: now });
  return faker.date.between({ from, to: to ?? recentFrom });
}

export const code = (faker: Faker, low: number, high: number) => String(faker.number.int({ min: low, max: high }));

export const maybe = <T>(faker: Faker, value: () => T, probability = 0.85): T | null => (faker.datatype.boolean(probability) ? value() : null);
export const one = <T extends readonly string[]>(faker: Faker, values: T): T[number] => faker.helpers.arrayElement(values);
export const some = <T extends readonly string[]>(faker: Faker, values: T, max = 3): T[number][] =>
  faker.helpers.arrayElements(values, { min: 0, max: Math.min(max, values.length) });
