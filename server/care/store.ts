import { randomUUID } from 'node:crypto';
import { getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Transaction } from '../db';
import { archivedCareRequests, careRequestContacts, careRequests } from '../db/schema';
import { adjustCounts, keptCount, recount } from '../shared/kept-counts';
import type { FormVersion } from '../../contracts/care-enumerations';
import type { CareStatus } from '../../contracts/care-workflow';
import type { ArchivedFieldsInput, IncomingFields, PersonalDataInput } from '../../contracts/care';

/** One care request as the intake, the legacy import, the demo seed and the benchmark hand it to the store. */
export interface CareRequestRecord {
  uid?: string;
  legacyId: string | null;
  formVersion: FormVersion;
  submitted: Date;
  host: string;
  affiliate: string | null;
  incoming: IncomingFields;
  archived: ArchivedFieldsInput | null;
  personal: (PersonalDataInput & { tracking?: Record<string, string> }) | null;
  /** The workflow status the request starts with: new unless said otherwise (the legacy import closes what it brings). */
  status?: CareStatus;
}

/** Rows per insert statement: about 20 parameters a row stays far below PostgreSQL's 65,535. */
const BATCH_SIZE = 500;

/** The kept counts of requests and of archived ones (server/shared/kept-counts.ts). */
export const REQUESTS_COUNT = 'care-requests';
const ARCHIVED_COUNT = 'care-requests:archived';

function searchTextOf(
  record: Pick<CareRequestRecord, 'host' | 'affiliate' | 'legacyId' | 'formVersion'>,
  partialZip: string | null,
): string {
  return [record.host, record.affiliate, partialZip, record.legacyId, record.formVersion]
    .filter((part): part is string => !!part)
    .join('\n')
    .toLowerCase();
}

function incomingRow(record: CareRequestRecord, uid: string): typeof careRequests.$inferInsert {
  const incoming = record.incoming;
  return {
    uid,
    legacyId: record.legacyId,
    formVersion: record.formVersion,
    submitted: record.submitted,
    host: record.host,
    affiliate: record.affiliate,
    coreTerritory: incoming.core_territory,
    optionalTerritory: incoming.optional_territory,
    partialMissionZipCode: incoming.partial_mission_zip_code,
    missionBegins: incoming.mission_begins,
    missionStartDate: incoming.mission_start_date,
    driversLicenseRequired: incoming.drivers_license_required,
    otherPersonsPresent: incoming.other_persons_present,
    numberOfPatients: incoming.patients.length,
    details: incoming.details,
    patients: incoming.patients,
    searchText: searchTextOf(record, incoming.partial_mission_zip_code),
    status: record.status ?? 'new',
  };
}

function archivedRow(archived: ArchivedFieldsInput, uid: string): typeof archivedCareRequests.$inferInsert {
  return {
    uid,
    customerVersion: archived.customer_version,
    newsletter: archived.newsletter,
    referral: archived.referral,
    contactTitle: archived.contact.title,
    contactPartialZipCode: archived.contact.partial_zip_code,
    missionDetails: archived.mission_details,
    accommodation: archived.accommodation,
    caregiverRequirements: archived.caregiver_requirements,
  };
}

function contactRow(
  personal: NonNullable<CareRequestRecord['personal']>,
  uid: string,
): typeof careRequestContacts.$inferInsert {
  return {
    uid,
    salutation: personal.salutation ?? null,
    academicTitle: personal.academic_title ?? null,
    firstName: personal.first_name ?? null,
    lastName: personal.last_name ?? null,
    phone: personal.phone ?? null,
    email: personal.email ?? null,
    notes: personal.notes ?? null,
    missionZipCode: personal.mission_zip_code ?? null,
    missionCity: personal.mission_city ?? null,
    tracking: personal.tracking ?? {},
  };
}

function chunks<T>(items: T[], size = BATCH_SIZE): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** `excluded.<column>` for every column but the key: an upsert that makes the row what the record says. */
function excludedColumns<T extends Parameters<typeof getTableColumns>[0]>(
  table: T,
  keep: string[],
): Record<string, SQL> {
  return Object.fromEntries(
    Object.entries(getTableColumns(table))
      .filter(([key]) => !keep.includes(key))
      .map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
  );
}

/** Inserts new requests (with their archived versions and contact data); run it inside a transaction. Returns their uids. */
export async function insertCareRequests(executor: Db, records: CareRequestRecord[]): Promise<string[]> {
  const withUids = records.map((record) => ({ record, uid: record.uid ?? randomUUID() }));
  for (const batch of chunks(withUids)) {
    await executor.insert(careRequests).values(batch.map(({ record, uid }) => incomingRow(record, uid)));
    const archived = batch.filter(({ record }) => record.archived);
    if (archived.length)
      await executor
        .insert(archivedCareRequests)
        .values(archived.map(({ record, uid }) => archivedRow(record.archived!, uid)));
    const personal = batch.filter(({ record }) => record.personal);
    if (personal.length)
      await executor
        .insert(careRequestContacts)
        .values(personal.map(({ record, uid }) => contactRow(record.personal!, uid)));
  }
  await adjustCounts(
    executor,
    new Map([
      [REQUESTS_COUNT, records.length],
      [ARCHIVED_COUNT, records.filter((record) => record.archived).length],
    ]),
  );
  return withUids.map(({ uid }) => uid);
}

/** Sets the kept counts from the tables; run it in the transaction that changed them some other way. */
function recountCareRequests(tx: Transaction) {
  return recount(tx, {
    [REQUESTS_COUNT]: sql`select count(*) from ${careRequests}`,
    [ARCHIVED_COUNT]: sql`select count(*) from ${archivedCareRequests}`,
  });
}

export async function careRequestCounts(executor: Db): Promise<{ requests: number; archived: number }> {
  const [requests, archived] = await Promise.all([
    keptCount(executor, REQUESTS_COUNT),
    keptCount(executor, ARCHIVED_COUNT),
  ]);
  return { requests, archived };
}

/** What a repeated import leaves as it is: the identity, an erasure, and the workflow that staff work on in Caredesk. */
const KEPT_ON_REIMPORT: (keyof typeof careRequests.$inferSelect)[] = [
  'uid',
  'legacyId',
  'contactErasedAt',
  'status',
  'assigneeUid',
  'followUp',
  'version',
];

export interface UpsertOutcome {
  inserted: number;
  updated: number;
}

/**
 * Inserts or updates requests by legacy id (each record must have one, and each only once): a repeated import
 * makes the stored requests what the file says and never duplicates one. A known request keeps its uid and its workflow (status,
 * assignee, follow-up, version: worked in Caredesk since, so the record's status only starts a new one); its archived version is
 * replaced or removed as the record says; its contact data is replaced only when the record brings some.
 */
export async function upsertByLegacyId(tx: Transaction, records: CareRequestRecord[]): Promise<UpsertOutcome> {
  const outcome: UpsertOutcome = { inserted: 0, updated: 0 };
  for (const batch of chunks(records)) {
    const rows = await tx
      .insert(careRequests)
      .values(batch.map((record) => incomingRow(record, randomUUID())))
      // an erasure (request or retention) survives a re-import: contact_erased_at is kept and no contact data comes back
      .onConflictDoUpdate({ target: careRequests.legacyId, set: excludedColumns(careRequests, KEPT_ON_REIMPORT) })
      .returning({
        uid: careRequests.uid,
        legacyId: careRequests.legacyId,
        erased: sql<boolean>`(contact_erased_at is not null)`,
        inserted: sql<boolean>`(xmax = 0)`,
      });
    const rowByLegacyId = new Map(rows.map((row) => [row.legacyId, row]));
    for (const row of rows) outcome[row.inserted ? 'inserted' : 'updated'] += 1;
    await replaceDependents(
      tx,
      batch.map((record) => {
        const row = rowByLegacyId.get(record.legacyId)!;
        return { record: row.erased ? { ...record, personal: null } : record, uid: row.uid };
      }),
    );
  }
  await recountCareRequests(tx);
  return outcome;
}

async function replaceDependents(tx: Transaction, batch: { record: CareRequestRecord; uid: string }[]) {
  const withoutArchive = batch.filter(({ record }) => !record.archived).map(({ uid }) => uid);
  if (withoutArchive.length)
    await tx.delete(archivedCareRequests).where(inArray(archivedCareRequests.uid, withoutArchive));
  const archived = batch.filter(({ record }) => record.archived);
  if (archived.length) {
    await tx
      .insert(archivedCareRequests)
      .values(archived.map(({ record, uid }) => archivedRow(record.archived!, uid)))
      .onConflictDoUpdate({ target: archivedCareRequests.uid, set: excludedColumns(archivedCareRequests, ['uid']) });
  }
  const personal = batch.filter(({ record }) => record.personal);
  if (personal.length) {
    await tx
      .insert(careRequestContacts)
      .values(personal.map(({ record, uid }) => contactRow(record.personal!, uid)))
      .onConflictDoUpdate({ target: careRequestContacts.uid, set: excludedColumns(careRequestContacts, ['uid']) });
  }
}

export async function countCareRequests(executor: Db): Promise<number> {
  const [row] = await executor.select({ count: sql<number>`count(*)::int` }).from(careRequests);
  return row?.count ?? 0;
}

/**
 * Fresh planner statistics and visibility map after a bulk load: PGlite has no autovacuum, and without the visibility map
 * its index-only scans (the list's narrow paging, the capped counts) fetch every heap row. Not inside a transaction.
 */
export async function vacuumCareRequests(executor: Db) {
  await executor.execute(sql`vacuum (analyze) ${careRequests}, ${archivedCareRequests}, ${careRequestContacts}`);
}
