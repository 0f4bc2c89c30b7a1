import type { Faker } from '@faker-js/faker';
import type { MailInput } from '../../contracts/mail';
import { addDays, agencyDay, agencyMoment, isWorkday, officeMinute, weekdayOf, workdayBefore } from './timeline';

/**
 * What the agency's office mails about over the weeks: partner agencies, applicants, caregivers' arrivals, invoices. No care
 * customer's data. Each mail has its state and the moment it was requested, on workdays in office hours.
 */

export type DemoMailState = 'delivered' | 'retrying' | 'failed' | 'queued' | 'cancelled';

/** A nodemailer-shaped error, for retrying and failed mails. */
export interface DemoMailError {
  responseCode?: number;
  response?: string;
  code?: string;
  message: string;
  rejected?: string[];
  rejectedErrors?: { recipient: string; response: string }[];
}

export interface DemoMail {
  mail: MailInput;
  state: DemoMailState;
  requested: Date;
  error?: DemoMailError;
}

export const DEMO_MAIL_DOMAIN = 'caredesk.example';
export const office = (box: string) => `${box}@${DEMO_MAIL_DOMAIN}`;

const PARTNERS = [
  'pflegeteam-nord.example',
  'pflegeteam-sued.example',
  'agentur-opieka.example',
  'opieka24.example',
  'betreuung-ost.example',
];
const WEEKDAYS = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'];
const signed = (name: string) => `\n\nMit freundlichen Grüßen\n${name}`;

const refused = (address: string, reply: string): DemoMailError => ({
  responseCode: Number(reply.slice(0, 3)),
  response: reply,
  message: `Can't send mail - all recipients were rejected: ${reply}`,
  rejected: [address],
  rejectedErrors: [{ recipient: address, response: reply }],
});

const FAILURES = [
  (address: string) =>
    refused(address, `550 5.1.1 <${address}>: Recipient address rejected: User unknown in virtual mailbox table`),
  (address: string) => refused(address, `552 5.2.2 <${address}>: Mailbox full, quota exceeded`),
  (address: string): DemoMailError => ({
    responseCode: 554,
    response: `554 5.7.1 <${address}>: Relay access denied`,
    message: 'Message failed: 554 5.7.1 Relay access denied',
  }),
];
const TEMPORARY: DemoMailError[] = [
  {
    responseCode: 421,
    response: '421 4.7.0 Try again later, closing connection.',
    message: 'Message failed: 421 4.7.0 Try again later, closing connection.',
  },
  { code: 'ETIMEDOUT', message: 'Connection timeout' },
];

type Template = (faker: Faker, day: string) => MailInput;

const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };
/** A name as the local part of an address: lower case, umlauts spelt out, nothing but a-z and dashes. */
const mailName = (name: string) =>
  name
    .toLowerCase()
    .replace(/[äöüß]/g, (letter) => UMLAUTS[letter])
    .normalize('NFD')
    .replace(/[^a-z-]/g, '');
const number = (faker: Faker, digits: number) => faker.string.numeric({ length: digits, allowLeadingZeros: true });
const dayName = (day: string) => `${WEEKDAYS[weekdayOf(day)]}, ${day.slice(8)}.${day.slice(5, 7)}.`;

const TEMPLATES: Template[] = [
  (faker, day) => ({
    sender: office('disposition'),
    to: [`einsatz@${faker.helpers.arrayElement(PARTNERS)}`],
    subject: `Einsatzanfrage ${faker.number.int({ min: 10, max: 16 })}xxx: Betreuungskraft ab ${dayName(addDays(day, faker.number.int({ min: 7, max: 21 })))} gesucht`,
    message: `Guten Tag,\n\nfür einen neuen Einsatz suchen wir eine Betreuungskraft mit guten Deutschkenntnissen.\nDie Einzelheiten finden Sie im Partnerportal.${signed('Disposition')}`,
  }),
  (faker) => {
    return {
      sender: office('recruiting'),
      to: [`${mailName(faker.person.firstName())}.${mailName(faker.person.lastName())}@post.example`],
      subject: 'Ihre Bewerbung als Betreuungskraft',
      message: `Guten Tag,\n\nvielen Dank für Ihre Bewerbung. Wir melden uns in den nächsten Tagen für ein Gespräch bei Ihnen.${signed('Marek Nowak, Recruiting')}`,
    };
  },
  (faker, day) => ({
    sender: office('recruiting'),
    to: [`bewerbung${number(faker, 3)}@poczta.example`],
    subject: `Terminbestätigung: Vorstellungsgespräch am ${dayName(addDays(day, faker.number.int({ min: 2, max: 6 })))} um ${faker.number.int({ min: 9, max: 16 })} Uhr`,
    message: `Guten Tag,\n\nhiermit bestätigen wir Ihr Vorstellungsgespräch per Videoanruf. Den Link erhalten Sie am Vortag.${signed('Marek Nowak')}`,
  }),
  (faker, day) => ({
    sender: office('buchhaltung'),
    to: [`rechnungen@${faker.helpers.arrayElement(PARTNERS)}`],
    cc: [office('buchhaltung')],
    subject: `Rechnung ${day.slice(0, 4)}-${number(faker, 4)} zum Vertrag SV-${day.slice(0, 4)}-0${number(faker, 3)}`,
    message: `Guten Tag,\n\nanbei erhalten Sie die Rechnung für den vergangenen Abrechnungszeitraum.${signed('Ihre Buchhaltung')}`,
  }),
  (faker, day) => ({
    sender: office('disposition'),
    to: [`koordination@${faker.helpers.arrayElement(PARTNERS)}`],
    cc: [office(faker.helpers.arrayElement(['jonas.weber', 'aylin.demir']))],
    subject: `Anreise Betreuungskraft BK-0${number(faker, 3)} am ${dayName(addDays(day, faker.number.int({ min: 3, max: 10 })))}`,
    message: `Hallo zusammen,\n\ndie Betreuungskraft reist mit dem Bus an. Bitte bestätigt uns die Abholung.${signed('Disposition')}`,
  }),
  (faker, day) => ({
    sender: office('disposition'),
    to: [`einsatz@${faker.helpers.arrayElement(PARTNERS)}`],
    subject: `Wechsel der Betreuungskraft zum ${dayName(addDays(day, faker.number.int({ min: 10, max: 25 })))} (Vertrag SV-${day.slice(0, 4)}-0${number(faker, 3)})`,
    message: `Guten Tag,\n\nzum genannten Datum steht der Wechsel an. Bitte nennen Sie uns die neue Betreuungskraft.${signed('Aylin Demir')}`,
  }),
];

const at = (faker: Faker, day: string) => agencyMoment(day, officeMinute(faker));

/** The office's everyday mails on every workday from `fromDay` until a few minutes ago: one to four a day, a few refused. */
function everydayMails(faker: Faker, fromDay: string, now: Date): DemoMail[] {
  const mails: DemoMail[] = [];
  const done = new Date(now.getTime() - 5 * 60_000);
  for (let day = fromDay; day <= agencyDay(now); day = addDays(day, 1)) {
    if (!isWorkday(day)) continue;
    for (let count = faker.number.int({ min: 1, max: 4 }); count > 0; count -= 1) {
      const mail = faker.helpers.arrayElement(TEMPLATES)(faker, day);
      const failed = faker.datatype.boolean(0.03);
      const error = failed ? faker.helpers.arrayElement(FAILURES)(mail.to[0]) : undefined;
      const requested = at(faker, day);
      if (requested <= done)
        mails.push({ mail, state: failed ? 'failed' : 'delivered', requested, ...(error ? { error } : {}) });
    }
  }
  return mails;
}

const minutesAgo = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

/** What is still going on now: two mails being retried, one waiting in the queue; and one refused, two cancelled drafts lately. */
function mailsOfToday(faker: Faker, now: Date): DemoMail[] {
  const day = agencyDay(now);
  return [
    {
      state: 'retrying',
      error: TEMPORARY[0],
      requested: minutesAgo(now, faker.number.int({ min: 40, max: 100 })),
      mail: {
        sender: office('disposition'),
        to: ['einsatz@pflegeteam-sued.example'],
        subject: `Anreise Betreuungskraft BK-0231 am ${dayName(addDays(day, 3))}`,
        message: `Guten Tag,\n\ndie Betreuungskraft BK-0231 reist mit dem Bus an (Ankunft 14:30 Uhr ZOB). Bitte sorgen Sie für die Abholung.${signed('Disposition')}`,
      },
    },
    {
      state: 'retrying',
      error: TEMPORARY[1],
      requested: minutesAgo(now, faker.number.int({ min: 10, max: 35 })),
      mail: {
        sender: office('recruiting'),
        to: ['m.kowalski@poczta.example'],
        subject: 'Terminbestätigung: Vorstellungsgespräch am Donnerstag, 10 Uhr',
        message: `Guten Tag Herr Kowalski,\n\nhiermit bestätigen wir Ihr Vorstellungsgespräch am Donnerstag um 10 Uhr per Videoanruf.${signed('Marek Nowak')}`,
      },
    },
    {
      state: 'queued',
      requested: minutesAgo(now, faker.number.int({ min: 1, max: 4 })),
      mail: {
        sender: office('recruiting'),
        to: ['team@sprachschule-mitte.example'],
        subject: 'Anmeldung zum Deutschkurs B1 für drei Betreuungskräfte',
        message: `Guten Tag,\n\nwir möchten drei Betreuungskräfte für den Abendkurs B1 anmelden. Bitte senden Sie uns die Unterlagen.${signed('Recruiting')}`,
      },
    },
    {
      state: 'failed',
      error: refused(
        'info@alte-adresse.example',
        '550 5.1.1 <info@alte-adresse.example>: Recipient address rejected: User unknown in virtual mailbox table',
      ),
      requested: at(faker, workdayBefore(day, faker.number.int({ min: 2, max: 5 }))),
      mail: {
        sender: office('buchhaltung'),
        to: ['info@alte-adresse.example'],
        subject: `Zahlungserinnerung zur Rechnung ${day.slice(0, 4)}-1097`,
        message: `Guten Tag,

zur Rechnung ${day.slice(0, 4)}-1097 konnten wir noch keinen Zahlungseingang feststellen.${signed('Ihre Buchhaltung')}`,
      },
    },
    {
      state: 'cancelled',
      requested: at(faker, workdayBefore(day, faker.number.int({ min: 3, max: 7 }))),
      mail: {
        sender: office('disposition'),
        to: ['alle@pflegeteam-nord.example'],
        subject: 'Rundschreiben zum Monatsende (Entwurf)',
        message: 'Entwurf: Termine und Ansprechpartner folgen.',
      },
    },
    {
      state: 'cancelled',
      requested: at(faker, workdayBefore(day, faker.number.int({ min: 8, max: 22 }))),
      mail: {
        sender: office('buchhaltung'),
        to: ['rechnungen@pflegeteam-nord.example'],
        subject: `Gutschrift ${day.slice(0, 4)}-1184 zum Rahmenvertrag RV-${day.slice(0, 4)}-014 (doppelt)`,
        message: 'Versehentlich doppelt angelegt.',
      },
    },
  ].filter((mail) => mail.requested <= now) as DemoMail[];
}

/** The office's mails from `fromDay` until now, oldest first. */
export function officeMails(faker: Faker, fromDay: string, now: Date): DemoMail[] {
  return [...everydayMails(faker, fromDay, now), ...mailsOfToday(faker, now)].sort(
    (a, b) => a.requested.getTime() - b.requested.getTime(),
  );
}
