import { eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { careRequests } from '../db/schema';
import type { CareListRequest } from './schemas';

/**
 * The care lists' workflow filters: `status` (any of a list), `assignee` ("me", "none" or a uid) and `follow_up` {from, to}
 * (days, both included). Each is served by an index that starts with its column (server/db/schema/care.ts).
 */

function assigneeCondition(assignee: string | undefined, viewerUid: string | undefined): SQL | undefined {
  if (assignee === undefined) return undefined;
  if (assignee === 'none') return isNull(careRequests.assigneeUid);
  if (assignee === 'me') return viewerUid ? eq(careRequests.assigneeUid, viewerUid) : sql`false`;
  return eq(careRequests.assigneeUid, assignee.toLowerCase());
}

export function workflowConditions(filters: CareListRequest['filters'], viewerUid: string | undefined): SQL[] {
  const from = filters.follow_up?.from;
  const to = filters.follow_up?.to;
  return [
    filters.status?.length ? inArray(careRequests.status, filters.status) : undefined,
    assigneeCondition(filters.assignee, viewerUid),
    from ? sql`${careRequests.followUp} >= ${from}` : undefined,
    to ? sql`${careRequests.followUp} <= ${to}` : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
}
