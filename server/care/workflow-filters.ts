import { eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { careRequests } from '../db/schema';
import { badRequest } from '../shared/problem';
import type { CareListRequest } from './schemas';
import { isCalendarDate } from './dates';

/**
 * The care lists' workflow filters: `status` (any of a list), `assignee` ("me", "none" or a uid) and `follow_up` {from, to}
 * (days, both included). Each is served by an index that starts with its column (server/db/schema/care.ts).
 */

function checkedDay(day: string | null | undefined, end: 'from' | 'to'): string | undefined {
  if (!day) return undefined;
  if (!isCalendarDate(day)) throw badRequest(`filters.follow_up.${end}: not a date of the calendar`, 'filters', 'invalid-filters');
  return day;
}

function assigneeCondition(assignee: string | undefined, viewerUid: string | undefined): SQL | undefined {
  if (assignee === undefined) return undefined;
  if (assignee === 'none') return isNull(careRequests.assigneeUid);
  if (assignee === 'me') return viewerUid ? eq(careRequests.assigneeUid, viewerUid) : sql`false`;
  return eq(careRequests.assigneeUid, assignee.toLowerCase());
}

export function workflowConditions(filters: CareListRequest['filters'], viewerUid: string | undefined): SQL[] {
  const from = checkedDay(filters.follow_up?.from, 'from');
  const to = checkedDay(filters.follow_up?.to, 'to');
  return [
    filters.status?.length ? inArray(careRequests.status, filters.status) : undefined,
    assigneeCondition(filters.assignee, viewerUid),
    from ? sql`${careRequests.followUp} >= ${from}` : undefined,
    to ? sql`${careRequests.followUp} <= ${to}` : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
}
