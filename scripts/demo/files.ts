import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from '../../server/db';
import type { ReferenceValue } from '../../contracts/files';
import { insertFile } from '../../server/files/store';
import type { AuditContext } from '../../server/shared/audit';
import type { BlobStorage } from '../../server/storage';
import { demoLogo, demoPdf } from './documents';

/** A few documents of an agency's file storage, referring to contracts, customers (by number only), partners and caregivers. */
interface DemoFile {
  name: string;
  description: string;
  contentType: string;
  body: () => Buffer;
  references: ReferenceValue[];
  /** Uploaded this many days before now. */
  daysAgo: number;
}

const DEMO_FILES: DemoFile[] = [
  {
    name: 'Rahmenvertrag Pflegeteam Nord 2026.pdf',
    description: 'Rahmenvertrag mit der Partneragentur Pflegeteam Nord, gültig ab 1. Januar 2026',
    contentType: 'application/pdf',
    body: () =>
      demoPdf('Rahmenvertrag RV-2026-014', [
        'zwischen Caredesk Betreuung zu Hause GmbH und Pflegeteam Nord GmbH',
        '1. Gegenstand: Vermittlung von Betreuungskräften für die häusliche 24-Stunden-Betreuung.',
        '2. Laufzeit: 1. Januar 2026 bis 31. Dezember 2026, Verlängerung um jeweils ein Jahr.',
        '3. Vergütung: gemäß Anlage 1 (Preisliste 2026).',
      ]),
    references: [
      { name: 'ServiceContract', value: 'RV-2026-014' },
      { name: 'ServiceAgency', value: 'Pflegeteam Nord GmbH' },
    ],
    daysAgo: 61,
  },
  {
    name: 'Dienstleistungsvertrag SV-2026-0312.pdf',
    description: 'Unterschriebener Dienstleistungsvertrag, Einsatz ab dem 1. des Monats',
    contentType: 'application/pdf',
    body: () =>
      demoPdf('Dienstleistungsvertrag SV-2026-0312', [
        'Kundennummer: K-10482',
        'Leistung: Betreuung und Unterstützung im Haushalt, eine Betreuungskraft im Wechsel.',
        'Beginn des Einsatzes: zum Monatsersten, Kündigungsfrist 14 Tage.',
      ]),
    references: [
      { name: 'ServiceContract', value: 'SV-2026-0312' },
      { name: 'Customer', value: 'K-10482' },
      { name: 'ServiceAgency', value: 'Pflegeteam Nord GmbH' },
    ],
    daysAgo: 12,
  },
  {
    name: 'Qualifikationsnachweis BK-0231 Deutsch B1.pdf',
    description: 'Sprachzertifikat Deutsch B1 der Betreuungskraft BK-0231',
    contentType: 'application/pdf',
    body: () => demoPdf('Zertifikat Deutsch B1', ['Teilnehmernummer: BK-0231', 'Gesamtergebnis: bestanden (gut)', 'Prüfungsdatum: 14. März 2026']),
    references: [
      { name: 'Caregiver', value: 'BK-0231' },
      { name: 'LegacyCaregiver', value: 'PK-77' },
    ],
    daysAgo: 34,
  },
  {
    name: 'Übergabeprotokoll SV-2026-0298.txt',
    description: 'Übergabe beim Wechsel der Betreuungskraft',
    contentType: 'text/plain',
    body: () =>
      Buffer.from(
        [
          'Übergabeprotokoll Einsatz SV-2026-0298',
          '',
          'Übergabe von BK-0231 an BK-0417 am Montag, 9:00 Uhr.',
          '- Medikamentenplan liegt in der Küche (Schublade links), Wochendosett am Sonntagabend füllen.',
          '- Pflegedienst kommt täglich um 7:30 Uhr.',
          '- Einkauf dienstags und freitags, Liste am Kühlschrank.',
          '- Hausärztin: Praxis am Markt, Termine nur nach Vereinbarung.',
          '',
          'Schlüssel: 2x Haustür, 1x Briefkasten übergeben.',
          '',
        ].join('\n'),
        'utf8',
      ),
    references: [
      { name: 'ServiceContract', value: 'SV-2026-0298' },
      { name: 'Customer', value: 'K-10377' },
      { name: 'Caregiver', value: 'BK-0231' },
      { name: 'Caregiver', value: 'BK-0417' },
    ],
    daysAgo: 3,
  },
  {
    name: 'Einsatzplan Dezember.csv',
    description: 'Einsatzplan der Betreuungskräfte für Dezember',
    contentType: 'text/csv',
    body: () =>
      Buffer.from(
        ['Vertrag;Betreuungskraft;Anreise;Abreise', 'SV-2026-0298;BK-0417;2026-12-01;2026-12-29', 'SV-2026-0312;BK-0388;2026-12-01;2026-12-15', 'SV-2026-0312;BK-0231;2026-12-15;2027-01-12', ''].join('\n'),
        'utf8',
      ),
    references: [{ name: 'ServiceAgency', value: 'Pflegeteam Nord GmbH' }],
    daysAgo: 1,
  },
  {
    name: 'Caredesk Logo.png',
    description: 'Logo der Agentur für Briefe und Angebote',
    contentType: 'image/png',
    body: () => demoLogo(),
    references: [{ name: 'ServiceAgency', value: 'Caredesk Betreuung zu Hause GmbH' }],
    daysAgo: 80,
  },
];

/** Stores each document as an upload does: the blob under a new uid, then its row (counted, searchable, audited). */
export async function seedDemoFiles(db: Db, storage: BlobStorage, audit: AuditContext, now: Date): Promise<number> {
  for (const file of DEMO_FILES) {
    const uid = randomUUID();
    const body = file.body();
    await storage.put(uid, Readable.from([body]));
    await insertFile(
      db,
      {
        uid,
        name: file.name,
        description: file.description,
        contentType: file.contentType,
        size: body.length,
        md5Hash: createHash('md5').update(body).digest('hex'),
        storageKey: uid,
        references: file.references,
        uploaded: new Date(now.getTime() - file.daysAgo * 86_400_000),
      },
      audit,
    );
  }
  return DEMO_FILES.length;
}
