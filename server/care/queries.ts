import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { archivedCareRequests, careRequests } from '../db/schema';
import type { ArchivedFieldsInput, ArchivedOutput, IncomingOutput } from './schemas';
import { keptCounts } from './store';

export const SORT_KEYS = ['submitted', 'host', 'affiliate', 'partial_mission_zip_code', 'mission_start_date', 'form_version', 'numberOfPatients'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface ListQuery {
  page: number;
  pageSize: number;
  sortBy: SortKey;
  ordering: 'asc' | 'des';
  query: string;
  submittedFrom?: number;
  submittedTo?: number;
}

export interface Page<T> {
  items: T[];
  previous_page: number | null;
  next_page: number | null;
  total: number;
}

const SORT_COLUMNS = {
  submitted: careRequests.submitted,
  host: careRequests.host,
  affiliate: careRequests.affiliate,
  partial_mission_zip_code: careRequests.partialMissionZipCode,
  mission_start_date: careRequests.missionStartDate,
  form_version: careRequests.formVersion,
  numberOfPatients: careRequests.numberOfPatients,
} as const;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** search_text is lower case, so a plain LIKE of the lower-cased query is the case-insensitive match (and index-friendly). */
function conditions(query: ListQuery): SQL | undefined {
  const text = query.query.trim().toLowerCase();
  return and(
    text ? sql`${careRequests.searchText} like ${`%${escapeLike(text)}%`}` : undefined,
    query.submittedFrom !== undefined ? gte(careRequests.submitted, new Date(query.submittedFrom * 1000)) : undefined,
    // "to" is inclusive of its whole second, as in the file search
    query.submittedTo !== undefined ? lt(careRequests.submitted, new Date((query.submittedTo + 1) * 1000)) : undefined,
  );
}

/** Ties are broken by uid in the same direction, which the (column, uid) indexes serve in either direction. */
function ordering(query: ListQuery): SQL[] {
  const direction = query.ordering === 'asc' ? asc : desc;
  return [direction(SORT_COLUMNS[query.sortBy]), direction(careRequests.uid)];
}

/** The file search's paging: null past either end; a page beyond the last points back to the last one. */
function pageOf<T>(items: T[], total: number, query: ListQuery): Page<T> {
  const lastPage = Math.max(1, Math.ceil(total / query.pageSize));
  return {
    items,
    previous_page: query.page > 1 ? Math.min(query.page - 1, lastPage) : null,
    next_page: query.page < lastPage ? query.page + 1 : null,
    total,
  };
}

const incomingColumns = {
  uid: careRequests.uid,
  formVersion: careRequests.formVersion,
  host: careRequests.host,
  legacyId: careRequests.legacyId,
  submitted: careRequests.submitted,
  affiliate: careRequests.affiliate,
  optionalTerritory: careRequests.optionalTerritory,
  coreTerritory: careRequests.coreTerritory,
  partialMissionZipCode: careRequests.partialMissionZipCode,
  missionBegins: careRequests.missionBegins,
  missionStartDate: careRequests.missionStartDate,
  driversLicenseRequired: careRequests.driversLicenseRequired,
  otherPersonsPresent: careRequests.otherPersonsPresent,
  numberOfPatients: careRequests.numberOfPatients,
  details: careRequests.details,
  patients: careRequests.patients,
};
type IncomingRow = { [K in keyof typeof incomingColumns]: (typeof careRequests.$inferSelect)[K] };

function toIncoming(row: IncomingRow & { archivedRequestAvailable: boolean }): IncomingOutput {
  return {
    ...origin(row),
    partial_mission_zip_code: row.partialMissionZipCode,
    mission_begins: row.missionBegins,
    mission_start_date: row.missionStartDate,
    drivers_license_required: row.driversLicenseRequired,
    other_persons_present: row.otherPersonsPresent,
    archived_request_available: row.archivedRequestAvailable,
    numberOfPatients: row.numberOfPatients,
    details: row.details as IncomingOutput['details'],
    patients: row.patients as IncomingOutput['patients'],
  };
}

function origin(row: IncomingRow) {
  return {
    uid: row.uid,
    form_version: row.formVersion,
    host: row.host,
    legacy_id: row.legacyId,
    submitted: epochSeconds(row.submitted),
    affiliate: row.affiliate,
    optional_territory: row.optionalTerritory,
    core_territory: row.coreTerritory,
  };
}

/** Without conditions the kept numbers answer: counting 100,000 rows on every page of the default view is what slows a list. */
async function countWhere(db: Db, where: SQL | undefined, archivedOnly: boolean): Promise<number> {
  if (!where) {
    const counts = await keptCounts(db);
    return archivedOnly ? counts.archived : counts.requests;
  }
  const base = db.select({ count: sql<number>`count(*)::int` }).from(careRequests);
  const joined = archivedOnly ? base.innerJoin(archivedCareRequests, eq(archivedCareRequests.uid, careRequests.uid)) : base;
  const [row] = await joined.where(where);
  return row?.count ?? 0;
}

export async function listIncoming(db: Db, query: ListQuery): Promise<Page<IncomingOutput>> {
  const where = conditions(query);
  const [rows, total] = await Promise.all([
    db
      .select({ ...incomingColumns, archivedRequestAvailable: sql<boolean>`${archivedCareRequests.uid} is not null` })
      .from(careRequests)
      // a join, not exists(): with planner statistics PostgreSQL hashes a whole-table exists() even for ten rows
      .leftJoin(archivedCareRequests, eq(archivedCareRequests.uid, careRequests.uid))
      .where(where)
      .orderBy(...ordering(query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    countWhere(db, where, false),
  ]);
  return pageOf(rows.map(toIncoming), total, query);
}

const archivedColumns = {
  ...incomingColumns,
  customerVersion: archivedCareRequests.customerVersion,
  newsletter: archivedCareRequests.newsletter,
  referral: archivedCareRequests.referral,
  contactTitle: archivedCareRequests.contactTitle,
  contactPartialZipCode: archivedCareRequests.contactPartialZipCode,
  missionDetails: archivedCareRequests.missionDetails,
  accommodation: archivedCareRequests.accommodation,
  caregiverRequirements: archivedCareRequests.caregiverRequirements,
};
type ArchivedRow = IncomingRow & Omit<typeof archivedCareRequests.$inferSelect, 'uid'>;

function toArchived(row: ArchivedRow): ArchivedOutput {
  return {
    ...origin(row),
    customer_version: row.customerVersion,
    newsletter: row.newsletter,
    referral: row.referral as ArchivedFieldsInput['referral'],
    contact: { title: row.contactTitle, partial_zip_code: row.contactPartialZipCode },
    mission_details: row.missionDetails as ArchivedFieldsInput['mission_details'],
    accommodation: row.accommodation as ArchivedFieldsInput['accommodation'],
    caregiver_requirements: row.caregiverRequirements as ArchivedFieldsInput['caregiver_requirements'],
  };
}

export async function listArchived(db: Db, query: ListQuery): Promise<Page<ArchivedOutput>> {
  const where = conditions(query);
  const [rows, total] = await Promise.all([
    db
      .select(archivedColumns)
      .from(careRequests)
      .innerJoin(archivedCareRequests, eq(archivedCareRequests.uid, careRequests.uid))
      .where(where)
      .orderBy(...ordering(query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    countWhere(db, where, true),
  ]);
  return pageOf(rows.map(toArchived), total, query);
}

export async function findArchived(db: Db, uid: string): Promise<ArchivedOutput | undefined> {
  const [row] = await db
    .select(archivedColumns)
    .from(careRequests)
    .innerJoin(archivedCareRequests, eq(archivedCareRequests.uid, careRequests.uid))
    .where(eq(careRequests.uid, uid));
  return row && toArchived(row);
}
