import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { archivedCareRequests, careRequests, users } from '../db/schema';
import {
  cappedPageOf,
  countLimitOf,
  countUpTo,
  directionOf,
  epochSecondsOf,
  escapeLike,
  offsetOf,
  withinSeconds,
} from '../shared/paging';
import type { PageAnswer } from '../../contracts/paging';
import { notFound } from '../shared/problem';
import type { ArchivedFieldsInput, ArchivedOutput, IncomingOutput } from '../../contracts/care';
import type { CareListRequest } from './schemas';
import { keptCountColumn } from '../shared/kept-counts';
import { careRequestCounts, REQUESTS_COUNT } from './store';
import { workflowConditions } from './workflow-filters';

const SORT_COLUMNS = {
  submitted: careRequests.submitted,
  host: careRequests.host,
  affiliate: careRequests.affiliate,
  partial_mission_zip_code: careRequests.partialMissionZipCode,
  mission_start_date: careRequests.missionStartDate,
  form_version: careRequests.formVersion,
  numberOfPatients: careRequests.numberOfPatients,
  follow_up: careRequests.followUp,
} as const;

/**
 * search_text is lower case, so a plain LIKE of the lower-cased query is the case-insensitive match (and index-friendly).
 * Control characters in the query are taken as spaces.
 */
function conditions({ query, filters }: CareListRequest, viewerUid: string | undefined): SQL | undefined {
  const text = query
    // eslint-disable-next-line no-control-regex -- it looks for control characters on purpose
    .replace(/[\u0000-\u001f]/g, ' ')
    .trim()
    .toLowerCase();
  return and(
    text ? sql`${careRequests.searchText} like ${`%${escapeLike(text)}%`}` : undefined,
    ...withinSeconds(careRequests.submitted, filters.submitted),
    ...workflowConditions(filters, viewerUid),
  );
}

/** Ties are broken by uid in the same direction, which the (column, uid) indexes serve in either direction. */
function ordering(request: PageOrder): SQL[] {
  const direction = directionOf(request.ordering);
  return [direction(SORT_COLUMNS[request.sortBy]), direction(careRequests.uid)];
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

/** The workflow fields of the incoming list, the assignee's public name from the users table. */
const workflowColumns = {
  status: careRequests.status,
  assigneeUid: careRequests.assigneeUid,
  assigneeName: users.publicName,
  followUp: careRequests.followUp,
  version: careRequests.version,
};
type WorkflowRow = Pick<typeof careRequests.$inferSelect, 'status' | 'assigneeUid' | 'followUp' | 'version'> & {
  assigneeName: string | null;
};

function toIncoming(row: IncomingRow & WorkflowRow & { archivedRequestAvailable: boolean }): IncomingOutput {
  return {
    status: row.status,
    assignee: row.assigneeUid ? { uid: row.assigneeUid, public_name: row.assigneeName ?? '' } : null,
    follow_up: row.followUp,
    version: row.version,
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
    submitted: epochSecondsOf(row.submitted),
    affiliate: row.affiliate,
    optional_territory: row.optionalTerritory,
    core_territory: row.coreTerritory,
  };
}

/**
 * The total and the most rows counted for it (undefined: exact). Without conditions the kept numbers answer: counting
 * 100,000 rows on every page of the default view is what slows a list. Otherwise the count stops past the cap.
 */
async function countWhere(
  db: Db,
  where: SQL | undefined,
  archivedOnly: boolean,
  request: CareListRequest,
): Promise<{ total: number; limit?: number }> {
  if (!where) {
    const counts = await careRequestCounts(db);
    return { total: archivedOnly ? counts.archived : counts.requests };
  }
  const base = db.select({ uid: careRequests.uid }).from(careRequests).$dynamic();
  const matching = archivedOnly
    ? base.innerJoin(archivedCareRequests, eq(archivedCareRequests.uid, careRequests.uid))
    : base;
  const limit = countLimitOf(request, request.exactTotal);
  const [row] = await countUpTo(db, matching.where(where), limit);
  return { total: row?.total ?? 0, limit };
}

/**
 * The uids of the requested page, in order: found on the sort's narrow (column, uid) index, so that an offset skips index
 * entries, not whole rows (page 500 of the wide rows read 5,000 of them); the page's rows are joined afterwards.
 */
type PageOrder = Pick<CareListRequest, 'sortBy' | 'ordering'>;

/** A page's size and offset, numbers or placeholders of a prepared statement, and a total to carry along as a column. */
interface PageBounds {
  limit: number | Placeholder;
  offset: number | Placeholder;
  total?: SQL<number>;
}

function pageUids(db: Db, where: SQL | undefined, archivedOnly: boolean, request: PageOrder, bounds: PageBounds) {
  const base = db.select({ uid: careRequests.uid }).from(careRequests).$dynamic();
  const matching = archivedOnly
    ? base.innerJoin(archivedCareRequests, eq(archivedCareRequests.uid, careRequests.uid))
    : base;
  return matching
    .where(where)
    .orderBy(...ordering(request))
    .limit(bounds.limit)
    .offset(bounds.offset);
}

/** The page's rows with whether each has an archived version, ordered; `total` rides along as a column when given. */
function incomingPageQuery(db: Db, where: SQL | undefined, request: PageOrder, bounds: PageBounds) {
  return (
    db
      .select({
        ...incomingColumns,
        ...workflowColumns,
        archivedRequestAvailable: sql<boolean>`${archivedCareRequests.uid} is not null`,
        total: bounds.total ?? sql<null>`null`,
      })
      .from(careRequests)
      // a join, not exists(): with planner statistics PostgreSQL hashes a whole-table exists() even for ten rows
      .leftJoin(archivedCareRequests, eq(archivedCareRequests.uid, careRequests.uid))
      .leftJoin(users, eq(users.uid, careRequests.assigneeUid))
      .where(inArray(careRequests.uid, pageUids(db, where, false, request, bounds)))
      .orderBy(...ordering(request))
  );
}

type UnconditionedPage = ReturnType<ReturnType<typeof incomingPageQuery>['prepare']>;

/**
 * The incoming list on one database. A page without query or filters (the default view, and deep pages of it) runs one
 * statement prepared once per order, its total the kept count riding along: building the query cost more than running it,
 * and PostgreSQL then also skips parsing and planning it. Other pages are built, and counted up to the cap, per request.
 */
export function incomingLister(
  db: Db,
): (request: CareListRequest, viewerUid?: string) => Promise<PageAnswer<IncomingOutput>> {
  const prepared = new Map<string, UnconditionedPage>();
  const unconditionedPage = (request: CareListRequest) => {
    const name = `care_incoming_page_${request.sortBy}_${request.ordering}`;
    let statement = prepared.get(name);
    if (!statement) {
      const bounds = {
        limit: sql.placeholder('limit'),
        offset: sql.placeholder('offset'),
        total: keptCountColumn(db, REQUESTS_COUNT),
      };
      statement = incomingPageQuery(db, undefined, request, bounds).prepare(name);
      prepared.set(name, statement);
    }
    return statement;
  };

  return async (request, viewerUid) => {
    const where = conditions(request, viewerUid);
    const bounds = { limit: request.pageSize, offset: offsetOf(request) };
    if (!where) {
      const rows = await unconditionedPage(request).execute(bounds);
      // past the last page no row carries the total
      const total = rows.length ? Number(rows[0].total) : (await careRequestCounts(db)).requests;
      return cappedPageOf(rows.map(toIncoming), total, undefined, request);
    }
    const [rows, count] = await Promise.all([
      incomingPageQuery(db, where, request, bounds),
      countWhere(db, where, false, request),
    ]);
    return cappedPageOf(rows.map(toIncoming), count.total, count.limit, request);
  };
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
  contactErasedAt: careRequests.contactErasedAt,
};
type ArchivedRow = IncomingRow &
  Omit<typeof archivedCareRequests.$inferSelect, 'uid'> & { contactErasedAt: Date | null };

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
    contact_erased: row.contactErasedAt ? epochSecondsOf(row.contactErasedAt) : null,
  };
}

export async function listArchived(
  db: Db,
  request: CareListRequest,
  viewerUid?: string,
): Promise<PageAnswer<ArchivedOutput>> {
  const where = conditions(request, viewerUid);
  const [rows, count] = await Promise.all([
    db
      .select(archivedColumns)
      .from(careRequests)
      .innerJoin(archivedCareRequests, eq(archivedCareRequests.uid, careRequests.uid))
      .where(
        inArray(
          careRequests.uid,
          pageUids(db, where, true, request, { limit: request.pageSize, offset: offsetOf(request) }),
        ),
      )
      .orderBy(...ordering(request)),
    countWhere(db, where, true, request),
  ]);
  return cappedPageOf(rows.map(toArchived), count.total, count.limit, request);
}

export async function findArchived(db: Db, uid: string): Promise<ArchivedOutput> {
  const [row] = await db
    .select(archivedColumns)
    .from(careRequests)
    .innerJoin(archivedCareRequests, eq(archivedCareRequests.uid, careRequests.uid))
    .where(eq(careRequests.uid, uid));
  if (!row) throw notFound('No archived care request has this uid.', 'uid', 'care-request-not-found');
  return toArchived(row);
}
