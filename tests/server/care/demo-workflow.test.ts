import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedDemo } from '../../../scripts/demo';
import { LocalBlobStorage } from '../../../server/storage';
import { CARE_STATUSES } from '../../../contracts/care-workflow';
import { createTestApp, type TestApp } from '../support/helpers';

/** seed:demo works the care requests too: every status, assignees, follow-ups and notes, through the service's own functions. */

let t: TestApp;
let filesDir: string;
beforeAll(async () => {
  t = await createTestApp();
  filesDir = await mkdtemp(path.join(tmpdir(), 'caredesk-demo-workflow-'));
  await seedDemo(t.db, { config: t.config, storage: new LocalBlobStorage(filesDir), masterSecret: t.masterSecret, seed: 5 });
});
afterAll(async () => {
  await t?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

const rows = async <T>(query: ReturnType<typeof sql>) => (await t.db.execute(query)) as unknown as { rows: T[] };

it('has requests in every status, with assignees, follow-ups, reasons in the trail and a few notes', async () => {
  const { rows: statuses } = await rows<{ status: string; assigned: number; following: number }>(
    sql`select status, count(assignee_uid)::int as assigned, count(follow_up)::int as following from care_requests group by status`,
  );
  expect(statuses.map((row) => row.status).sort()).toEqual([...CARE_STATUSES].sort());
  for (const row of statuses.filter((one) => one.status !== 'new')) expect(row.assigned, row.status).toBeGreaterThan(0);
  expect(statuses.find((row) => row.status === 'contacting')!.following).toBeGreaterThan(0);
  const { rows: notes } = await rows<{ count: number }>(sql`select count(*)::int as count from care_request_notes`);
  expect(notes[0]!.count).toBeGreaterThan(5);
  const { rows: reasons } = await rows<{ count: number }>(
    sql`select count(*)::int as count from audit_events where action = 'care-request.workflow' and changes->>'reason' is not null`,
  );
  expect(reasons[0]!.count).toBeGreaterThan(0);
});
