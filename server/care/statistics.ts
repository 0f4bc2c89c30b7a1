import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { STATISTICS_TIME_ZONE } from '../../contracts/statistics';
import { allRows } from '../shared/statistics';
import type { CareStatisticsResponse } from '../../contracts/care';

/** The weeks the dashboard's chart shows: the current one and the eleven before it. */
export const STATISTICS_WEEKS = 12;

/**
 * Care requests per ISO week (Monday 00:00 to Sunday 24:00 in the agency's time zone) of the last twelve weeks, oldest
 * first, with how many lie in the core and in the optional territory; weeks without requests are zero. Each week is one
 * range of care_requests_submitted_territory_idx, read by an index-only scan (no row is converted between time zones).
 */
export async function careStatistics(db: Db): Promise<CareStatisticsResponse> {
  const zone = STATISTICS_TIME_ZONE;
  const weeks = await allRows<CareStatisticsResponse['weeks'][number]>(
    db,
    sql`with weeks as (
        select starts, starts at time zone ${zone} as from_time, (starts + interval '1 week') at time zone ${zone} as to_time
        from generate_series(
          date_trunc('week', now() at time zone ${zone}) - make_interval(weeks => ${STATISTICS_WEEKS - 1}),
          date_trunc('week', now() at time zone ${zone}),
          interval '1 week'
        ) as starts
      )
      select to_char(weeks.starts, 'IYYY-"W"IW') as week, to_char(weeks.starts, 'YYYY-MM-DD') as starts, counted.*
      from weeks cross join lateral (
        select count(*)::int as requests,
          (count(*) filter (where core_territory))::int as core_territory,
          (count(*) filter (where optional_territory and not core_territory))::int as optional_territory
        from care_requests
        where submitted >= weeks.from_time and submitted < weeks.to_time
      ) as counted
      order by weeks.starts`,
  );
  return { time_zone: zone, weeks };
}
