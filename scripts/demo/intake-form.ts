import { type Faker } from '@faker-js/faker';
import * as E from '../../contracts/care-enumerations';
import { demoCareLevel, demoMobility, demoPhone, demoPlace } from './places';
import { AFFILIATES, code, HOSTS, NOTES } from './care-values';

/** A filled-in intake form as the agency's website sends it (form version 2016). */
function patientFields(faker: Faker, prefix: 'P0' | 'P1'): Record<string, string> {
  const careLevel = demoCareLevel(faker);
  return {
    [`${prefix}Geschlecht`]: code(faker, 0, 1),
    [`${prefix}Pflegegrad`]: String(careLevel),
    [`${prefix}Mobil`]: String(E.MOBILITIES.indexOf(demoMobility(faker, careLevel)) + 1),
    [`${prefix}Hoeren`]: code(faker, 0, 3),
    [`${prefix}Sprechen`]: code(faker, 0, 3),
    [`${prefix}Sehen`]: code(faker, 0, 3),
    [`${prefix}Nacht`]: code(faker, 0, 2),
  };
}

function beginsFields(faker: Faker, submitted: Date): Record<string, string> {
  const begins = faker.helpers.weightedArrayElement([
    { weight: 5, value: '0' },
    { weight: 3, value: '1' },
    { weight: 2, value: '2' },
  ]);
  if (begins !== '1') return { BetreuungBeginn: begins };
  const start = faker.date.soon({ days: 60, refDate: submitted });
  return { BetreuungBeginn: begins, Anreisedatum: start.toISOString().slice(0, 10) };
}

/** A 2016 request as the agency's web form would have sent it. */
export function demoIntakeForm(faker: Faker, submitted: Date): Record<string, string> {
  const { zip, town, areaCode } = demoPlace(faker);
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  const form: Record<string, string> = {
    EinsatzPLZ: zip,
    EinsatzOrt: town,
    ...beginsFields(faker, submitted),
    WeiterePersonen: code(faker, 0, 1),
    Einkauf: code(faker, 0, 1),
    newsletter: code(faker, 0, 1),
    Anrede: code(faker, 0, 2),
    Titel: faker.helpers.weightedArrayElement([
      { weight: 8, value: '0' },
      { weight: 2, value: '1' },
      { weight: 1, value: '2' },
    ]),
    Vorname: firstName,
    Nachname: lastName,
    Telefon: demoPhone(faker, areaCode),
    EMail: faker.internet.email({ firstName, lastName, provider: 'example.org' }).toLowerCase(),
    ...patientFields(faker, 'P0'),
    ...(faker.datatype.boolean(0.2) ? patientFields(faker, 'P1') : {}),
    WWW: `https://${faker.helpers.arrayElement(HOSTS)}/anfrage`,
    nodelay: '1',
  };
  if (faker.datatype.boolean(0.7)) form.ErfahrenVon = code(faker, 0, 7);
  if (faker.datatype.boolean(0.4)) form.Bemerkungen = faker.helpers.arrayElement(NOTES);
  if (faker.datatype.boolean(0.3))
    Object.assign(form, {
      utm_source: faker.helpers.arrayElement(AFFILIATES),
      utm_medium: 'referral',
      utm_campaign: 'demo',
    });
  return form;
}
