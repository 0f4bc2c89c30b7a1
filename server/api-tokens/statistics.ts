import { and, count, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { apiTokens } from '../db/schema';
import type { ApiTokenStatisticsResponse, ApiTokenScope } from '../../contracts/api-tokens';

/** How far ahead the dashboard warns of expiring tokens. */
export const EXPIRING_WITHIN_DAYS = 14;

/** The scope's tokens that still open it but stop doing so within the next 14 days (a service has a handful of tokens). */
export async function apiTokenStatistics(db: Db, scope: ApiTokenScope): Promise<ApiTokenStatisticsResponse> {
  const [row] = await db
    .select({ expiring: count() })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.scope, scope),
        isNull(apiTokens.revoked),
        gt(apiTokens.expires, sql`now()`),
        lte(apiTokens.expires, sql`now() + make_interval(days => ${EXPIRING_WITHIN_DAYS})`),
      ),
    );
  return { expiring: row?.expiring ?? 0, within_days: EXPIRING_WITHIN_DAYS };
}
