import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Faker } from '@faker-js/faker';
import type { Db } from '../../server/db';
import type { ReferenceValue } from '../../contracts/files';
import { insertFile } from '../../server/files/store';
import type { AuditContext } from '../../server/shared/audit';
import type { BlobStorage } from '../../server/storage';
import { demoLogo, demoPdf, demoPhoto, demoScan } from './documents';
import { retimeAuditEvents, type AuditMoment } from './retime';
import { addDays, agencyDay, agencyMoment, isWorkday, officeMinute } from './timeline';

/**
 * An agency's file storage over the last weeks: contracts and certificates as scanned PDFs, invoices as office PDFs, photos of
 * customers' homes, an ID copy, a handover protocol and a plan, referring to contracts, customers (by number only), partners and
 * caregivers. 50 kB to 2 MB each, as such files are (the text and CSV files are small, as those are).
 */

interface DemoFile {
  name: string;
  description: string;
  contentType: string;
  /** The file's bytes; `seed` makes its pictures. */
  body: (seed: number) => Buffer;
  references: ReferenceValue[];
  /** Uploaded this many days before now, on the workday before if that day is none. */
  daysAgo: number;
}

const kB = 1000;
const PDF = 'application/pdf';
const PNG = 'image/png';
const contract = (value: string): ReferenceValue => ({ name: 'ServiceContract', value });
const customer = (value: string): ReferenceValue => ({ name: 'Customer', value });
const caregiver = (value: string): ReferenceValue => ({ name: 'Caregiver', value });
const agency = (value: string): ReferenceValue => ({ name: 'ServiceAgency', value });

const scan = (title: string, pages: string[][], bytes: number) => (seed: number) =>
  demoPdf({ title, pages, scanned: true, bytes, seed });
const letter = (title: string, lines: string[], bytes: number) => (seed: number) =>
  demoPdf({ title, pages: [lines], bytes, seed });
const text = (lines: string[]) => () => Buffer.from([...lines, ''].join('\n'), 'utf8');

function demoFiles(year: string): DemoFile[] {
  const serviceContract = (
    number: string,
    client: string,
    start: string,
    bytes: number,
    daysAgo: number,
  ): DemoFile => ({
    name: `Dienstleistungsvertrag SV-${year}-${number}.pdf`,
    description: `Unterschriebener Dienstleistungsvertrag, Einsatz ab ${start}`,
    contentType: PDF,
    body: scan(
      `Dienstleistungsvertrag SV-${year}-${number}`,
      [
        [
          `Kundennummer: ${client}`,
          'Leistung: Betreuung und Unterstützung im Haushalt, eine Betreuungskraft im Wechsel.',
          `Beginn des Einsatzes: ${start}, Kündigungsfrist 14 Tage.`,
        ],
        ['Ort, Datum, Unterschriften'],
      ],
      bytes,
    ),
    references: [contract(`SV-${year}-${number}`), customer(client), agency('Pflegeteam Nord GmbH')],
    daysAgo,
  });
  const invoice = (number: string, client: string, bytes: number, daysAgo: number): DemoFile => ({
    name: `Rechnung ${year}-${number}.pdf`,
    description: `Monatsrechnung an ${client}`,
    contentType: PDF,
    body: letter(
      `Rechnung ${year}-${number}`,
      [
        `Kundennummer: ${client}`,
        'Betreuung im Haushalt, Abrechnungszeitraum Vormonat',
        'Zahlbar innerhalb von 14 Tagen ohne Abzug.',
      ],
      bytes,
    ),
    references: [customer(client)],
    daysAgo,
  });
  return [
    {
      name: 'Caredesk Logo.png',
      description: 'Logo der Agentur für Briefe und Angebote',
      contentType: PNG,
      body: () => demoLogo(),
      references: [agency('Caredesk Betreuung zu Hause GmbH')],
      daysAgo: 82,
    },
    {
      name: `Preisliste ${year}.pdf`,
      description: `Preise der Betreuungsleistungen ab 1. Januar ${year}`,
      contentType: PDF,
      body: letter(
        `Preisliste ${year}`,
        [
          'Betreuung mit Grundkenntnissen Deutsch: ab 2.590 EUR im Monat',
          'Betreuung mit guten Deutschkenntnissen: ab 2.890 EUR im Monat',
          'Zuschlag zweite Person im Haushalt: 250 EUR im Monat',
        ],
        140 * kB,
      ),
      references: [agency('Caredesk Betreuung zu Hause GmbH')],
      daysAgo: 79,
    },
    {
      name: `Rahmenvertrag Pflegeteam Nord ${year}.pdf`,
      description: `Rahmenvertrag mit der Partneragentur Pflegeteam Nord, gültig ab 1. Januar ${year}`,
      contentType: PDF,
      body: scan(
        `Rahmenvertrag RV-${year}-014`,
        [
          [
            'zwischen Caredesk Betreuung zu Hause GmbH und Pflegeteam Nord GmbH',
            '1. Gegenstand: Vermittlung von Betreuungskräften für die häusliche 24-Stunden-Betreuung.',
          ],
          [`2. Laufzeit: 1. Januar bis 31. Dezember ${year}, Verlängerung um jeweils ein Jahr.`],
          ['3. Vergütung: gemäß Anlage 1 (Preisliste).'],
        ],
        1400 * kB,
      ),
      references: [contract(`RV-${year}-014`), agency('Pflegeteam Nord GmbH')],
      daysAgo: 61,
    },
    {
      name: 'Rahmenvertrag Agentur Opieka.pdf',
      description: 'Rahmenvertrag mit der Partneragentur Opieka, unterschrieben',
      contentType: PDF,
      body: scan(
        `Rahmenvertrag RV-${year}-021`,
        [
          ['zwischen Caredesk Betreuung zu Hause GmbH und Agentur Opieka Sp. z o.o.'],
          ['Anlagen: Preisliste, Datenschutzvereinbarung'],
        ],
        1900 * kB,
      ),
      references: [contract(`RV-${year}-021`), agency('Agentur Opieka Sp. z o.o.')],
      daysAgo: 47,
    },
    serviceContract('0298', 'K-10377', 'dem 1. des Vormonats', 720 * kB, 40),
    serviceContract('0312', 'K-10482', 'dem 1. des Monats', 610 * kB, 12),
    serviceContract('0327', 'K-10511', 'dem 15. des Monats', 540 * kB, 4),
    {
      name: 'Qualifikationsnachweis BK-0231 Deutsch B1.pdf',
      description: 'Sprachzertifikat Deutsch B1 der Betreuungskraft BK-0231',
      contentType: PDF,
      body: scan('Zertifikat Deutsch B1', [['Teilnehmernummer: BK-0231', 'Gesamtergebnis: bestanden (gut)']], 380 * kB),
      references: [caregiver('BK-0231'), { name: 'LegacyCaregiver', value: 'PK-77' }],
      daysAgo: 34,
    },
    {
      name: 'Qualifikationsnachweis BK-0417 Pflegebasiskurs.pdf',
      description: 'Teilnahmebescheinigung Pflegebasiskurs (40 Stunden)',
      contentType: PDF,
      body: scan(
        'Teilnahmebescheinigung',
        [['Teilnehmerin: BK-0417', 'Pflegebasiskurs, 40 Unterrichtsstunden']],
        450 * kB,
      ),
      references: [caregiver('BK-0417')],
      daysAgo: 26,
    },
    {
      name: 'Führungszeugnis BK-0388.pdf',
      description: 'Polizeiliches Führungszeugnis, ohne Eintrag',
      contentType: PDF,
      body: scan('Führungszeugnis', [['Inhalt: keine Eintragung']], 290 * kB),
      references: [caregiver('BK-0388')],
      daysAgo: 19,
    },
    {
      name: 'A1-Bescheinigung BK-0417.pdf',
      description: 'Entsendebescheinigung A1 für den Einsatz in Deutschland',
      contentType: PDF,
      body: scan('Bescheinigung A1', [['Betreuungskraft: BK-0417', 'Gültig für die Dauer des Einsatzes']], 330 * kB),
      references: [caregiver('BK-0417'), contract(`SV-${year}-0298`)],
      daysAgo: 9,
    },
    {
      name: 'Ausweiskopie BK-0417.png',
      description: 'Kopie des Personalausweises (Vorder- und Rückseite)',
      contentType: PNG,
      body: (seed) => demoScan(680 * kB, seed),
      references: [caregiver('BK-0417')],
      daysAgo: 9,
    },
    {
      name: 'Pflegegrad-Bescheid K-10482.pdf',
      description: 'Bescheid der Pflegekasse über Pflegegrad 3',
      contentType: PDF,
      body: scan(
        'Bescheid über die Pflegebedürftigkeit',
        [['Versichertennummer: siehe Original', 'Ergebnis: Pflegegrad 3'], ['Rechtsbehelfsbelehrung']],
        820 * kB,
      ),
      references: [customer('K-10482')],
      daysAgo: 15,
    },
    {
      name: 'Foto Badezimmer K-10482.png',
      description: 'Badezimmer der Kundin, für die Planung des Duschstuhls',
      contentType: PNG,
      body: (seed) => demoPhoto(1600 * kB, seed),
      references: [customer('K-10482')],
      daysAgo: 14,
    },
    {
      name: 'Foto Gästezimmer K-10511.png',
      description: 'Zimmer der Betreuungskraft im Haus des Kunden',
      contentType: PNG,
      body: (seed) => demoPhoto(1200 * kB, seed),
      references: [customer('K-10511'), contract(`SV-${year}-0327`)],
      daysAgo: 5,
    },
    {
      name: 'Grundriss Wohnung K-10377.png',
      description: 'Grundriss der Wohnung, vom Sohn des Kunden geschickt',
      contentType: PNG,
      body: (seed) => demoScan(240 * kB, seed),
      references: [customer('K-10377')],
      daysAgo: 38,
    },
    invoice('1184', 'K-10377', 95 * kB, 30),
    invoice('1201', 'K-10482', 97 * kB, 2),
    {
      name: `Stundennachweis SV-${year}-0298.pdf`,
      description: 'Unterschriebener Stundennachweis des Vormonats',
      contentType: PDF,
      body: scan('Stundennachweis', [['Betreuungskraft: BK-0417', 'Summe: 30 Tage Einsatz']], 260 * kB),
      references: [contract(`SV-${year}-0298`), caregiver('BK-0417')],
      daysAgo: 3,
    },
    {
      name: `Übergabeprotokoll SV-${year}-0298.txt`,
      description: 'Übergabe beim Wechsel der Betreuungskraft',
      contentType: 'text/plain',
      body: text([
        `Übergabeprotokoll Einsatz SV-${year}-0298`,
        '',
        'Übergabe von BK-0231 an BK-0417 am Montag, 9:00 Uhr.',
        '- Medikamentenplan liegt in der Küche (Schublade links), Wochendosett am Sonntagabend füllen.',
        '- Pflegedienst kommt täglich um 7:30 Uhr.',
        '- Einkauf dienstags und freitags, Liste am Kühlschrank.',
        '',
        'Schlüssel: 2x Haustür, 1x Briefkasten übergeben.',
      ]),
      references: [contract(`SV-${year}-0298`), customer('K-10377'), caregiver('BK-0231'), caregiver('BK-0417')],
      daysAgo: 3,
    },
    {
      name: 'Einsatzplan nächster Monat.csv',
      description: 'Einsatzplan der Betreuungskräfte für den nächsten Monat',
      contentType: 'text/csv',
      body: text([
        'Vertrag;Betreuungskraft;Anreise;Abreise',
        `SV-${year}-0298;BK-0417;01.;29.`,
        `SV-${year}-0312;BK-0388;01.;15.`,
        `SV-${year}-0327;BK-0452;15.;12.`,
      ]),
      references: [agency('Pflegeteam Nord GmbH')],
      daysAgo: 1,
    },
  ];
}

/** An office-hours moment on the workday `daysAgo` days before now (or the one before it), never after now. */
function uploadedAt(faker: Faker, now: Date, daysAgo: number): Date {
  let day = addDays(agencyDay(now), -daysAgo);
  while (!isWorkday(day)) day = addDays(day, -1);
  const moment = agencyMoment(day, officeMinute(faker));
  return moment < now ? moment : new Date(now.getTime() - faker.number.int({ min: 5, max: 60 }) * 60_000);
}

export interface FileTally {
  documents: { name: string; contentType: string; size: number }[];
}

/** Stores each document as an upload does: the blob under a new uid, then its row (counted, searchable, audited) at its moment. */
export async function seedDemoFiles(
  db: Db,
  storage: BlobStorage,
  audit: AuditContext,
  now: Date,
  faker: Faker,
): Promise<FileTally> {
  const moments: AuditMoment[] = [];
  const documents: FileTally['documents'] = [];
  for (const file of demoFiles(agencyDay(now).slice(0, 4))) {
    const uid = randomUUID();
    const body = file.body(faker.number.int({ min: 1, max: 2 ** 31 }));
    const uploaded = uploadedAt(faker, now, file.daysAgo);
    await storage.put(uid, Readable.from([body]));
    const row = {
      uid,
      name: file.name,
      description: file.description,
      contentType: file.contentType,
      size: body.length,
      storageKey: uid,
      uploaded,
    };
    await insertFile(
      db,
      { ...row, md5Hash: createHash('md5').update(body).digest('hex'), references: file.references },
      audit,
    );
    moments.push({ action: 'file.upload', targetId: uid, time: uploaded });
    documents.push({ name: file.name, contentType: file.contentType, size: body.length });
  }
  await retimeAuditEvents(db, moments);
  return { documents };
}
