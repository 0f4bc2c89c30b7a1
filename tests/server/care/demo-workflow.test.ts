import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedDemo } from '../../../scripts/demo';
import { DISPATCHERS } from '../../../scripts/demo/care-workflow';
import { auditRetentionJob } from '../../../server/audit';
import { careContactRetentionJob } from '../../../server/care';
import { LEGACY_IMPORT_STATUS } from '../../../server/care/import';
import { mailRetentionJob } from '../../../server/mail';
import { LocalBlobStorage } from '../../../server/storage';
import { CARE_STATUSES, CLOSED_CARE_STATUSES, OPEN_CARE_STATUSES } from '../../../contracts/care-workflow';
import { createTestApp, type TestApp } from '../support/helpers';

/**
 * seed:demo tells the story of a home-care agency's last twelve weeks: requests worked by the dispatchers through the service's own
 * functions, every row dated to its moment (weekdays in office hours for staff), and nothing the first housekeeping would remove.
 */

let t: TestApp;
let filesDir: string;
beforeAll(async () => {
  t = await createTestApp();
  filesDir = await mkdtemp(path.join(tmpdir(), 'caredesk-demo-workflow-'));
  await seedDemo(t.db, {
    config: t.config,
    storage: new LocalBlobStorage(filesDir),
    masterSecret: t.masterSecret,
    seed: 5,
  });
}, 240_000);
afterAll(async () => {
  await t?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as { rows: T[] }).rows;
const inList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

it('has requests in every status, with assignees, follow-ups, reasons in the trail and notes', async () => {
  const statuses = await rows<{ status: string; assigned: number; following: number }>(
    sql`select status, count(assignee_uid)::int as assigned, count(follow_up)::int as following from care_requests group by status`,
  );
  expect(statuses.map((row) => row.status).sort()).toEqual([...CARE_STATUSES].sort());
  for (const row of statuses.filter((one) => one.status === 'contacting' || one.status === 'offer_sent')) {
    expect(row.assigned, row.status).toBeGreaterThan(0);
    expect(row.following, row.status).toBeGreaterThan(0);
  }
  const [notes] = await rows<{ count: number }>(sql`select count(*)::int as count from care_request_notes`);
  expect(notes.count).toBeGreaterThan(5);
  const [reasons] = await rows<{ count: number }>(
    sql`select count(*)::int as count from audit_events where action = 'care-request.workflow' and changes->>'reason' is not null`,
  );
  expect(reasons.count).toBeGreaterThan(0);
});

it('tells the last twelve weeks: every status among them, this week mostly open, six weeks ago and before mostly closed', async () => {
  const byAge = await rows<{ age: string; status: string; count: number }>(sql`
    select case when submitted > now() - interval '7 days' then 'week' when submitted > now() - interval '42 days' then 'weeks'
      when submitted > now() - interval '84 days' then 'older' else 'before' end as age, status, count(*)::int as count
    from care_requests group by 1, 2`);
  const count = (age: string, statuses: readonly string[]) =>
    byAge.filter((row) => row.age === age && statuses.includes(row.status)).reduce((sum, row) => sum + row.count, 0);
  const recent = new Set(byAge.filter((row) => row.age !== 'before').map((row) => row.status));
  expect([...recent].sort()).toEqual([...CARE_STATUSES].sort());
  expect(count('week', OPEN_CARE_STATUSES)).toBeGreaterThan(count('week', CLOSED_CARE_STATUSES) * 3);
  expect(count('week', ['new'])).toBeGreaterThan(0);
  expect(count('older', CLOSED_CARE_STATUSES)).toBeGreaterThan(count('older', OPEN_CARE_STATUSES) * 4);
  expect(count('before', OPEN_CARE_STATUSES)).toBe(0);
  const [legacy] = await rows<{ statuses: string[] }>(
    sql`select array_agg(distinct status) as statuses from care_requests where form_version <> '2016'`,
  );
  expect(legacy.statuses).toEqual([LEGACY_IMPORT_STATUS]);
});

it('has the follow-ups of the open requests around today, some overdue, and dispatchers as assignees', async () => {
  const [followUps] = await rows<{ overdue: number; upcoming: number; earliest: number; latest: number }>(sql`
    select count(*) filter (where follow_up < current_date)::int as overdue, count(*) filter (where follow_up >= current_date)::int as upcoming,
      min(follow_up - current_date)::int as earliest, max(follow_up - current_date)::int as latest
    from care_requests where status in ('contacting', 'offer_sent')`);
  expect(followUps.overdue).toBeGreaterThan(0);
  expect(followUps.upcoming).toBeGreaterThan(followUps.overdue);
  expect(followUps.earliest).toBeGreaterThanOrEqual(-21);
  expect(followUps.latest).toBeLessThanOrEqual(42);
  const assignees = await rows<{ username: string }>(sql`
    select distinct p.username from care_requests r join password_authentications p on p.user_uid = r.assignee_uid`);
  expect(assignees.map((row) => row.username).sort()).toEqual([...DISPATCHERS].sort());
});

it('dates the work: workflow events and notes on many days, on weekdays in office hours; mails over the weeks', async () => {
  const [work] = await rows<{ days: number; events: number; office: number }>(sql`
    select count(distinct (time at time zone 'Europe/Berlin')::date)::int as days, count(*)::int as events,
      count(*) filter (where extract(isodow from time at time zone 'Europe/Berlin') < 6
        and extract(hour from time at time zone 'Europe/Berlin') between 8 and 17)::int as office
    from audit_events where action in ('care-request.workflow', 'care-request.note-create')`);
  expect(work.days).toBeGreaterThan(40);
  expect(work.office).toBe(work.events);
  const [mails] = await rows<{ days: number; first: number; office: number; staff: number }>(sql`
    select count(distinct (requested_at at time zone 'Europe/Berlin')::date)::int as days, max(now()::date - requested_at::date)::int as first,
      count(*) filter (where sender not like 'anfragen@%' and extract(isodow from requested_at at time zone 'Europe/Berlin') < 6
        and extract(hour from requested_at at time zone 'Europe/Berlin') between 8 and 17)::int as office,
      count(*) filter (where sender not like 'anfragen@%' and state <> 'queued' and state <> 'retrying')::int as staff
    from mails`);
  expect(mails.days).toBeGreaterThan(50);
  expect(mails.first).toBeGreaterThanOrEqual(70);
  expect(mails.office).toBeGreaterThanOrEqual(mails.staff);
  const [notices] = await rows<{ late: number }>(sql`
    select count(*)::int as late from care_request_mails m join care_requests r on r.uid = m.request_uid join mails on mails.reference_uid = m.mail_uid
    where mails.requested_at - r.submitted > interval '1 minute' or mails.requested_at < r.submitted`);
  expect(notices.late).toBe(0);
});

it('keeps contact data within the retention and erased before it, so that the first housekeeping removes nothing', async () => {
  const now = new Date();
  const [contacts] = await rows<{ erasedRecent: number; keptOld: number; erasedOld: number }>(sql`
    select count(*) filter (where r.contact_erased_at is not null and r.submitted >= now() - make_interval(days => ${t.config.trust.careContactRetentionDays}))::int as "erasedRecent",
      count(c.uid) filter (where r.submitted < now() - make_interval(days => ${t.config.trust.careContactRetentionDays}))::int as "keptOld",
      count(*) filter (where r.contact_erased_at is not null)::int as "erasedOld"
    from care_requests r left join care_request_contacts c on c.uid = r.uid`);
  expect(contacts).toEqual({ erasedRecent: 0, keptOld: 0, erasedOld: expect.any(Number) });
  expect(contacts.erasedOld).toBeGreaterThan(0);
  for (const job of [
    careContactRetentionJob(t.config.trust),
    auditRetentionJob(t.config.trust),
    mailRetentionJob(t.config.trust),
  ]) {
    expect(await t.db.transaction((tx) => job.run(tx, now)), job.name).toBe(0);
  }
});

it('has the dispatchers, and only them, working the care requests in the trail', async () => {
  const actors = await rows<{ name: string }>(
    sql`select distinct actor_name as name from audit_events where action like 'care-request.%'`,
  );
  const names = actors.map((row) => row.name);
  expect(names.length).toBeGreaterThan(0);
  const [usernames] = await rows<{ names: string[] }>(
    sql`select array_agg(u.public_name) as names from users u join password_authentications p on p.user_uid = u.uid where p.username in (${inList(DISPATCHERS)})`,
  );
  expect(names.sort()).toEqual(usernames.names.sort());
});
