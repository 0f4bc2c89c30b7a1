import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { allRows, STATISTICS_TIME_ZONE } from '../shared/statistics';
import type { CareStatisticsResponse } from './schemas';

/** The weeks the dashboard's chart shows: the current one and the eleven before it. */
export const STATISTICS_WEEKS = 12;

/**
 * Care requests per ISO week (Monday 00:00 to Sunday 24:00 in the agency's time zone) of the last twelve weeks, oldest
 * first, with how many lie in the core and in the optional territory; weeks without requests are zero. One range scan
 * of care_requests_submitted_idx: only the requests of these weeks are read.
 */
export async function careStatistics(db: Db): Promise<CareStatisticsResponse> {
  const zone = STATISTICS_TIME_ZONE;
  const weeks = await allRows<CareStatisticsResponse['weeks'][number]>(
    db,
    sql`with weeks as (
        select generate_series(
          date_trunc('week', now() at time zone ${zone}) - make_interval(weeks => ${STATISTICS_WEEKS - 1}),
          date_trunc('week', now() at time zone ${zone}),
          interval '1 week'
        ) as starts
      ),
      counted as (
        select date_trunc('week', submitted at time zone ${zone}) as starts,
          count(*)::int as requests,
          (count(*) filter (where core_territory))::int as core_territory,
          (count(*) filter (where optional_territory))::int as optional_territory
        from care_requests
        where submitted >= (select min(starts) from weeks) at time zone ${zone}
        group by 1
      )
      select to_char(weeks.starts, 'IYYY-"W"IW') as week,
        to_char(weeks.starts, 'YYYY-MM-DD') as starts,
        coalesce(counted.requests, 0) as requests,
        coalesce(counted.core_territory, 0) as core_territory,
        coalesce(counted.optional_territory, 0) as optional_territory
      from weeks left join counted on counted.starts = weeks.starts
      order by weeks.starts`,
  );
  return { time_zone: zone, weeks };
}
