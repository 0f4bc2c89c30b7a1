import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db';
import { CARE_STATUSES, type CareStatus } from '../../contracts/care-workflow';
import { STATISTICS_TIME_ZONE } from '../../contracts/statistics';
import type { FileTally } from './files';
import type { MailTally } from './mails';

/** What seed:demo made, as it prints it at its end: care requests by week and status, mails by state and day, files by size. */

export interface CareWeek {
  /** ISO week (2026-W07), or "older" for everything before the last twelve weeks. */
  week: string;
  byStatus: Record<CareStatus, number>;
}

export interface CareTally {
  weeks: CareWeek[];
  /** Requests whose contact data is erased (older than the retention). */
  erased: number;
}

const noStatuses = () => Object.fromEntries(CARE_STATUSES.map((status) => [status, 0])) as Record<CareStatus, number>;

/** The requests of each of the last twelve ISO weeks (in the agency's time zone) and of all before, by status. */
export async function careTally(db: Db): Promise<CareTally> {
  const zone = STATISTICS_TIME_ZONE;
  const result = (await db.execute(sql`
    with bounds as (select date_trunc('week', now() at time zone ${zone}) - interval '11 weeks' as first_week)
    select case when submitted at time zone ${zone} >= bounds.first_week then to_char(submitted at time zone ${zone}, 'IYYY-"W"IW') else 'older' end as week,
      status, count(*)::int as count
    from care_requests, bounds group by 1, 2`)) as {
    rows: { week: string; status: CareStatus; count: number }[];
  };
  const weeks = new Map<string, CareWeek>();
  for (const row of result.rows) {
    const week = weeks.get(row.week) ?? { week: row.week, byStatus: noStatuses() };
    week.byStatus[row.status] = row.count;
    weeks.set(row.week, week);
  }
  const erased = (await db.execute(
    sql`select count(*)::int as count from care_requests where contact_erased_at is not null`,
  )) as { rows: { count: number }[] };
  return {
    weeks: [...weeks.values()].sort((a, b) =>
      a.week === 'older' ? -1 : b.week === 'older' ? 1 : a.week.localeCompare(b.week),
    ),
    erased: erased.rows[0].count,
  };
}

export interface DemoTally {
  care: CareTally;
  mails: MailTally;
  files: FileTally;
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
const kilobytes = (bytes: number) => (bytes >= 1_000_000 ? megabytes(bytes) : `${Math.round(bytes / 1000)} kB`);

/** The tally as lines of text: a table of weeks by status, then the mails and the files. */
export function describeTally({ care, mails, files }: DemoTally): string[] {
  const widths = CARE_STATUSES.map((status) => Math.max(status.length, 4));
  const row = (label: string, counts: number[]) =>
    `  ${label.padEnd(9)} ${counts.map((count, index) => String(count).padStart(widths[index])).join(' ')} ${String(counts.reduce((a, b) => a + b, 0)).padStart(5)}`;
  const byStatus = CARE_STATUSES.map((status) => care.weeks.reduce((sum, week) => sum + week.byStatus[status], 0));
  const pictures = files.documents.filter((file) => !file.contentType.startsWith('text/')).map((file) => file.size);
  const texts = files.documents.filter((file) => file.contentType.startsWith('text/')).map((file) => file.size);
  const total = files.documents.reduce((sum, file) => sum + file.size, 0);
  const states = Object.entries(mails.byState)
    .map(([state, count]) => `${count} ${state}`)
    .join(', ');
  return [
    'Care requests by week of submission and status:',
    `  ${'week'.padEnd(9)} ${CARE_STATUSES.map((status, index) => status.padStart(widths[index])).join(' ')} total`,
    ...care.weeks.map((week) =>
      row(
        week.week,
        CARE_STATUSES.map((status) => week.byStatus[status]),
      ),
    ),
    row('all', byStatus),
    `  contact data erased (older than the retention): ${care.erased}`,
    `Mails: ${Object.values(mails.byState).reduce((a, b) => a + b, 0)} on ${mails.days} days since ${mails.first?.toISOString().slice(0, 10) ?? '-'} (${states}).`,
    `Files: ${files.documents.length}, ${megabytes(total)} in all: ${pictures.length} PDFs and pictures of ${kilobytes(Math.min(...pictures))} to ${kilobytes(Math.max(...pictures))}, ${texts.length} text files of ${texts.map((size) => `${size} bytes`).join(' and ')}.`,
  ];
}
