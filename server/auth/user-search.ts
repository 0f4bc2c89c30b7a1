import {
  and,
  eq,
  inArray,
  isNotNull,
  isNull,
  not,
  or,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../db';
import { oidcLinks, passwordAuthentications, users } from '../db/schema';
import { keptCount, keptCountColumn } from '../shared/kept-counts';
import { cappedPageOf, countLimitOf, directionOf, escapeLike, offsetOf, withinSeconds } from '../shared/paging';
import type { PageAnswer } from '../../contracts/paging';
import type { PanelUserResponse, UserListParameters, UserSortKey } from '../../contracts/auth';
import { readUserSearchDefaults, type UserSearchRequest } from './schemas';
import { lockedUsernamesQuery } from './sign-in-throttle';
import { panelUserOf, userColumns, type PanelUserRow } from './users';
import { linkColumns, linkJoin, signInCondition, type LinkSettings } from './oidc/links';

/** Kept by triggers on users (migration 0010): every user, the unfiltered list's total. */
const USERS_COUNT = 'users';

/** The users list in the paged dialect: one query for the page, its capped total and each user's lock state. */

const { username } = passwordAuthentications;

/** Sort keys by expression; uid always follows so that pages are stable. Names sort regardless of case, like the whole list. */
const SORT_COLUMNS: Record<UserSortKey, (SQL | AnyColumn)[]> = {
  public_name: [sql`lower(${users.publicName})`, users.publicName],
  username: [sql`lower(${username})`, username],
  last_sign_in: [users.lastSignInAt],
  uid: [],
};

const PAGING_PARAMETERS: (keyof UserListParameters)[] = [
  'page',
  'page_size',
  'sort_by',
  'ordering',
  'query',
  'filters',
  'exact_total',
];

/** Whether the request asks for a page: without any paging parameter the list answers the whole array, as the specification says. */
export const isPagedRequest = (query: UserListParameters) =>
  PAGING_PARAMETERS.some((name) => query[name] !== undefined);

/** The request with the users list's defaults: by public name, ascending unless `ordering` says otherwise. */
export function readUserSearch(query: UserListParameters): UserSearchRequest {
  return {
    ...readUserSearchDefaults(query),
    ordering: query.ordering ?? 'asc',
    exactTotal: query.exact_total === true,
  };
}

/** `now` is a Date, or a placeholder filled with one (as an ISO string) on each execution of a prepared statement. */
const isLockedColumn = (now: Date | Placeholder) =>
  sql<boolean>`coalesce(lower(${username}) in (${lockedUsernamesQuery(now)}), false)`;

/** Each word of the query must occur in the public name, the username, a role or the uid. */
function textConditions(query: string): SQL[] {
  return query
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const pattern = `%${escapeLike(word)}%`;
      return or(
        sql`${users.publicName} ilike ${pattern}`,
        sql`${username} ilike ${pattern}`,
        sql`array_to_string(${users.roles}, ' ') ilike ${pattern}`,
        sql`${users.uid}::text ilike ${pattern}`,
      )!;
    });
}

function conditionsOf({ query, filters }: UserSearchRequest, now: Date): SQL[] {
  const conditions = textConditions(query);
  if (filters.role != null) conditions.push(sql`${users.roles} @> array[${filters.role}]::text[]`);
  if (filters.banned != null) conditions.push(filters.banned ? isNotNull(users.bannedAt) : isNull(users.bannedAt));
  if (filters.locked != null) conditions.push(filters.locked ? isLockedColumn(now) : not(isLockedColumn(now)));
  if (filters.sign_in != null) conditions.push(signInCondition(filters.sign_in));
  conditions.push(...withinSeconds(users.lastSignInAt, filters.last_sign_in));
  if (filters.uids)
    conditions.push(
      inArray(
        users.uid,
        filters.uids.map((uid) => uid.toLowerCase()),
      ),
    );
  return conditions;
}

function orderOf({ sortBy, ordering }: Pick<UserSearchRequest, 'sortBy' | 'ordering'>): SQL[] {
  const direction = directionOf(ordering);
  return [...SORT_COLUMNS[sortBy], users.uid].map((column) => direction(column));
}

/** Each user with their username and their link to the configured provider, which the conditions may name. */
const withUsernameAndLink = (db: Db, provider: LinkSettings | undefined) =>
  db
    .select({ one: sql`1` })
    .from(users)
    .leftJoin(passwordAuthentications, eq(passwordAuthentications.userUid, users.uid))
    .leftJoin(oidcLinks, linkJoin(provider));

/** The matching rows counted up to `limit` (all without one). */
function countQuery(
  db: Db,
  provider: LinkSettings | undefined,
  where: SQL | undefined,
  limit: number | Placeholder | undefined,
) {
  const matching = withUsernameAndLink(db, provider).where(where);
  const limited = limit === undefined ? matching : matching.limit(limit);
  return db.select({ counted: sql<number>`count(*)::int` }).from(limited.as('matching'));
}

interface PageBounds {
  now: Date | Placeholder;
  limit: number | Placeholder;
  offset: number | Placeholder;
  /** The total riding along as a column: the count up to a limit (none: every row), or a kept count. */
  total: { countLimit: number | Placeholder | undefined } | { kept: SQL<number> };
}

/** The page with each user's lock state and, riding along as an uncorrelated subquery that the database runs once, its total. */
function pageQuery(
  db: Db,
  provider: LinkSettings | undefined,
  where: SQL | undefined,
  request: Pick<UserSearchRequest, 'sortBy' | 'ordering'>,
  bounds: PageBounds,
) {
  const counted =
    'kept' in bounds.total
      ? bounds.total.kept
      : sql<number>`(${countQuery(db, provider, where, bounds.total.countLimit)})`;
  return db
    .select({ user: userColumns, username, link: linkColumns, locked: isLockedColumn(bounds.now), counted })
    .from(users)
    .leftJoin(passwordAuthentications, eq(passwordAuthentications.userUid, users.uid))
    .leftJoin(oidcLinks, linkJoin(provider))
    .where(where)
    .orderBy(...orderOf(request))
    .limit(bounds.limit)
    .offset(bounds.offset);
}

type UnfilteredPage = ReturnType<ReturnType<typeof pageQuery>['prepare']>;

/**
 * The users list's searcher on one database. A page without query or filters (the panel's first call on the users screen) runs a
 * statement prepared once per order, its total the kept count of users (exact, one row to read): building the query cost more than
 * running it, and PostgreSQL then also skips parsing and planning it. Its values, the current time of the lock state included, are
 * bound on every execution. Other pages are built, and counted up to the cap, per request.
 */
export function panelUserSearcher(
  db: Db,
  provider: LinkSettings | undefined,
): (request: UserSearchRequest) => Promise<PageAnswer<PanelUserResponse>> {
  const itemOf = (row: PanelUserRow & { locked: boolean }) => panelUserOf(row, row.locked, provider);
  const unfiltered = new Map<string, UnfilteredPage>();
  const unfilteredPage = (request: UserSearchRequest) => {
    const name = `auth_users_page_${request.sortBy}_${request.ordering}`;
    let prepared = unfiltered.get(name);
    if (!prepared) {
      const bounds = {
        now: sql.placeholder('now'),
        limit: sql.placeholder('limit'),
        offset: sql.placeholder('offset'),
        total: { kept: keptCountColumn(db, USERS_COUNT) },
      };
      prepared = pageQuery(db, provider, undefined, request, bounds).prepare(name);
      unfiltered.set(name, prepared);
    }
    return prepared;
  };

  return async (request) => {
    const now = new Date();
    const conditions = conditionsOf(request, now);
    const page = { now, limit: request.pageSize, offset: offsetOf(request) };
    if (conditions.length === 0) {
      const rows = await unfilteredPage(request).execute({ ...page, now: now.toISOString() });
      // past the last page no row carries the total
      const total = rows.length ? Number(rows[0].counted) : await keptCount(db, USERS_COUNT);
      return cappedPageOf(rows.map(itemOf), total, undefined, request);
    }
    const where = and(...conditions);
    const countLimit = countLimitOf(request, request.exactTotal);
    const rows = await pageQuery(db, provider, where, request, { ...page, total: { countLimit } });
    const counted = rows.length
      ? Number(rows[0].counted)
      : (await countQuery(db, provider, where, countLimit))[0].counted;
    return cappedPageOf(rows.map(itemOf), counted, countLimit, request);
  };
}
