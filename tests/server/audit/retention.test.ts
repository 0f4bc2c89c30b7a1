import { eq, inArray } from 'drizzle-orm';
import { auditRetentionJob } from '../../../server/audit';
import { auditEvents } from '../../../server/db/schema';
import { housekeepingJobs } from '../../../server/housekeeping-jobs';
import { createHousekeeping, runExclusively } from '../../../server/shared/housekeeping';
import { recordAudit } from '../../../server/shared/audit';
import { createTestApp, testConfig, type TestApp } from '../support/helpers';
import { AUDIT, lastEventId } from '../support/audit-helpers';

/** The audit trail is append-only: no route changes or deletes an event, the table refuses updates, and only retention removes old events. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { trust: { ...testConfig().trust, auditRetentionDays: 30 } } });
});
afterAll(() => t?.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date('2030-03-01T00:00:00Z');

async function insertAt(time: Date, action = 'user.ban') {
  const [row] = await t.db.insert(auditEvents).values({ action, time }).returning({ id: auditEvents.id });
  return row.id;
}
const remaining = async (ids: number[]) =>
  (await t.db.select({ id: auditEvents.id }).from(auditEvents).where(inArray(auditEvents.id, ids)))
    .map((row) => row.id)
    .sort((a, b) => a - b);

test('retention removes exactly the events older than AUDIT_RETENTION_DAYS and counts them', async () => {
  const old = [
    await insertAt(new Date(now.getTime() - 400 * DAY_MS)),
    await insertAt(new Date(now.getTime() - 30 * DAY_MS - 1000)),
  ];
  const kept = [
    await insertAt(new Date(now.getTime() - 30 * DAY_MS + 1000)),
    await insertAt(new Date(now.getTime() - DAY_MS)),
  ];
  expect(await runExclusively(t.db, auditRetentionJob(t.config.trust), now)).toBe(2);
  expect(await remaining([...old, ...kept])).toEqual(kept);
  expect(await runExclusively(t.db, auditRetentionJob(t.config.trust), now)).toBe(0);
});

test('the server runs the retention among its housekeeping jobs (AUDIT_RETENTION_DAYS from the configuration)', async () => {
  const jobs = housekeepingJobs(t.config);
  expect(jobs.map((job) => job.name)).toContain('audit-retention');
  const old = await insertAt(new Date(now.getTime() - 31 * DAY_MS));
  const recent = await insertAt(new Date(now.getTime() - 29 * DAY_MS));
  const results = await createHousekeeping({ db: t.db, jobs, intervalMs: 60_000 }).runOnce(now);
  expect(results['audit-retention']).toBeGreaterThanOrEqual(1);
  expect(await remaining([old, recent])).toEqual([recent]);
});

test('the table refuses to change an event', async () => {
  await recordAudit(t.db, { action: 'user.ban', changes: { banned: true } });
  const id = await lastEventId(t.db);
  const update = t.db.update(auditEvents).set({ action: 'user.unban' }).where(eq(auditEvents.id, id));
  await expect(update).rejects.toThrow();
  const [row] = await t.db.select().from(auditEvents).where(eq(auditEvents.id, id));
  expect(row).toMatchObject({ action: 'user.ban', changes: { banned: true } });
});

test('no route changes or deletes events', async () => {
  await recordAudit(t.db, { action: 'user.unban' });
  const id = await lastEventId(t.db);
  await t.adminToken(); // the sign-in is an event of its own
  const count = await t.db.$count(auditEvents);
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    for (const url of [`${AUDIT}/events/`, `${AUDIT}/events/${id}/`]) {
      expect(t.app.hasRoute({ method, url: url.replace(String(id), ':id') })).toBe(false);
      const response = await t.as({ method, url, payload: { action: 'changed' } });
      expect([method, url, response.statusCode]).toEqual([method, url, 404]);
    }
  }
  expect(await t.db.$count(auditEvents)).toBe(count);
  expect((await t.as({ method: 'GET', url: `${AUDIT}/events/${id}/` })).json()).toMatchObject({ action: 'user.unban' });
});
