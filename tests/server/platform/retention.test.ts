import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { createTestApp, type TestApp } from '../support/helpers';
import { careContactRetentionJob } from '../../../server/care';
import { insertCareRequests, type CareRequestRecord } from '../../../server/care/store';
import { openDatabase, type Db } from '../../../server/db';
import { auditEvents, careRequestContacts, careRequests, mails } from '../../../server/db/schema';
import { housekeepingJobs } from '../../../server/housekeeping-jobs';
import { enqueueMail, mailRetentionJob } from '../../../server/mail';
import { createHousekeeping, runExclusively } from '../../../server/shared/housekeeping';
import { inBatches } from '../../../server/shared/retention';
import { pagingRecords } from '../../fixtures/care-records';

/** The retention jobs: contact data after CARE_CONTACT_RETENTION_DAYS, delivered mails after MAIL_RETENTION_DAYS. */

let t: TestApp;
const DAY = 86_400_000;
const MINUTE = 60_000;
const NOW = new Date('2026-06-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const CONTACT_DAYS = 730;
const MAIL_DAYS = 90;
const config = { careContactRetentionDays: CONTACT_DAYS, mailRetentionDays: MAIL_DAYS };

beforeAll(async () => {
  t = await createTestApp({ withAdmin: false });
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.db.delete(careRequests);
  await t.db.delete(mails);
});

function requestSubmitted(submitted: Date): CareRequestRecord {
  const personal = {
    first_name: 'Greta',
    last_name: 'Lindqvist',
    phone: '030 999',
    email: 'greta@example.org',
    mission_zip_code: '10115',
    mission_city: 'Berlin',
  };
  return { ...pagingRecords(1)[0], legacyId: null, submitted, personal };
}

async function storeRequests(submitted: Date[]): Promise<string[]> {
  return t.db.transaction((tx) => insertCareRequests(tx, submitted.map(requestSubmitted)));
}

const contactUids = async () =>
  (await t.db.select({ uid: careRequestContacts.uid }).from(careRequestContacts)).map(({ uid }) => uid).sort();
const erasedAt = async (uids: string[]) =>
  (
    await t.db
      .select({ erased: careRequests.contactErasedAt })
      .from(careRequests)
      .where(inArray(careRequests.uid, uids))
  ).map(({ erased }) => erased?.getTime() ?? null);
const eventsOf = (action: string) => t.db.select().from(auditEvents).where(eq(auditEvents.action, action));

/** Old and new requests around the cutoff: the old ones' contact data must go, the new ones' stay. */
async function requestsAroundCutoff() {
  const old = await storeRequests([
    ago(CONTACT_DAYS * DAY + MINUTE),
    ago(800 * DAY),
    ago(2000 * DAY),
    ago(3000 * DAY),
    ago(5000 * DAY),
  ]);
  const recent = await storeRequests([ago(CONTACT_DAYS * DAY - MINUTE), ago(10 * DAY), NOW]);
  return { old, recent };
}

describe('care-contact-retention', () => {
  it('erases exactly the contact data submitted before the retention period, in batches, and records the run', async () => {
    const { old, recent } = await requestsAroundCutoff();
    const eventsBefore = (await eventsOf('care-request.contact-retention')).length;

    expect(await runExclusively(t.db, careContactRetentionJob(config, 2), NOW)).toBe(5);

    expect(await contactUids()).toEqual([...recent].sort());
    expect(await erasedAt(old)).toEqual(old.map(() => NOW.getTime()));
    expect(await erasedAt(recent)).toEqual(recent.map(() => null));
    const events = await eventsOf('care-request.contact-retention');
    expect(events).toHaveLength(eventsBefore + 1);
    expect(events.at(-1)).toMatchObject({ actorUid: null, actorName: null, changes: { count: 5 }, outcome: 'success' });
    expect(JSON.stringify(events.at(-1))).not.toMatch(/Greta|Lindqvist|greta@|10115/);
  });

  it('is safe to run twice: the second run erases and records nothing', async () => {
    const { recent } = await requestsAroundCutoff();
    const job = careContactRetentionJob(config);
    expect(await runExclusively(t.db, job, NOW)).toBe(5);
    const events = (await eventsOf('care-request.contact-retention')).length;
    expect(await runExclusively(t.db, job, NOW)).toBe(0);
    expect((await eventsOf('care-request.contact-retention')).length).toBe(events);
    expect(await contactUids()).toEqual([...recent].sort());
  });

  it('follows CARE_CONTACT_RETENTION_DAYS', async () => {
    const [uid] = await storeRequests([ago(11 * DAY)]);
    expect(await runExclusively(t.db, careContactRetentionJob({ careContactRetentionDays: 12 }), NOW)).toBe(0);
    expect(await runExclusively(t.db, careContactRetentionJob({ careContactRetentionDays: 10 }), NOW)).toBe(1);
    expect(await erasedAt([uid])).toEqual([NOW.getTime()]);
  });
});

async function mailsAroundCutoff() {
  const mail = () =>
    enqueueMail(t.db, {
      sender: 'caredesk@example.org',
      to: ['office@example.org'],
      subject: 'New care request 10xxx (1 patient)',
      message: 'x',
    });
  const uids = {
    oldDelivered: [await mail(), await mail(), await mail()],
    newDelivered: await mail(),
    oldFailed: await mail(),
    queued: await mail(),
  };
  const completed = async (uid: string, state: 'delivered' | 'failed', at: Date) =>
    t.db
      .update(mails)
      .set({ state, completedAt: at, nextAttemptAt: null, requestedAt: at })
      .where(eq(mails.referenceUid, uid));
  await completed(uids.oldDelivered[0], 'delivered', ago(MAIL_DAYS * DAY + MINUTE));
  await completed(uids.oldDelivered[1], 'delivered', ago(200 * DAY));
  await completed(uids.oldDelivered[2], 'delivered', ago(1000 * DAY));
  await completed(uids.newDelivered, 'delivered', ago(MAIL_DAYS * DAY - MINUTE));
  await completed(uids.oldFailed, 'failed', ago(500 * DAY));
  await t.db
    .update(mails)
    .set({ requestedAt: ago(500 * DAY) })
    .where(eq(mails.referenceUid, uids.queued));
  return uids;
}

const mailUids = async () => (await t.db.select({ uid: mails.referenceUid }).from(mails)).map(({ uid }) => uid).sort();

describe('mail-retention', () => {
  it('deletes exactly the mails delivered before the retention period, in batches, and records the run', async () => {
    const uids = await mailsAroundCutoff();
    const eventsBefore = (await eventsOf('mail.retention')).length;
    expect(await runExclusively(t.db, mailRetentionJob(config, 2), NOW)).toBe(3);
    expect(await mailUids()).toEqual([uids.newDelivered, uids.oldFailed, uids.queued].sort());
    const events = await eventsOf('mail.retention');
    expect(events).toHaveLength(eventsBefore + 1);
    expect(events.at(-1)).toMatchObject({ actorUid: null, changes: { count: 3 } });
  });

  it('is safe to run twice', async () => {
    await mailsAroundCutoff();
    const job = mailRetentionJob(config);
    expect(await runExclusively(t.db, job, NOW)).toBe(3);
    const events = (await eventsOf('mail.retention')).length;
    expect(await runExclusively(t.db, job, NOW)).toBe(0);
    expect((await eventsOf('mail.retention')).length).toBe(events);
    expect(await mailUids()).toHaveLength(3);
  });
});

describe('batches', () => {
  it('repeat until one comes back short, and stop at the most a run may do', async () => {
    const sizes: number[] = [];
    const rows = [5, 5, 3];
    const shortening = (size: number) => {
      sizes.push(size);
      return Promise.resolve(rows.shift() ?? 0);
    };
    expect(await inBatches(shortening, 5, 10)).toBe(13);
    expect(sizes).toEqual([5, 5, 5]);
    let calls = 0;
    const full = (size: number) => {
      calls++;
      return Promise.resolve(size);
    };
    expect(await inBatches(full, 4, 3)).toBe(12);
    expect(calls).toBe(3);
  });
});

describe('the server registers both jobs', () => {
  it('housekeepingJobs names them with the configured periods', async () => {
    expect(housekeepingJobs(t.config).map((job) => job.name)).toEqual(
      expect.arrayContaining(['care-contact-retention', 'mail-retention']),
    );
    await requestsAroundCutoff();
    const results = await createHousekeeping({
      db: t.db,
      jobs: housekeepingJobs({ ...t.config, trust: { ...t.config.trust, ...config } }),
      intervalMs: 60_000,
    }).runOnce(NOW);
    expect(results).toMatchObject({ 'care-contact-retention': 5, 'mail-retention': 0 });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('several processes (PostgreSQL)', () => {
  let other: { db: Db; close: () => Promise<void> };
  beforeAll(async () => {
    const database = await openDatabase({ databaseUrl: t.databaseUrl!, poolSize: 3 });
    other = { db: database.db, close: () => database.close() };
  });
  afterAll(async () => other?.close());

  const housekeepingOf = (db: Db) =>
    createHousekeeping({
      db,
      jobs: [careContactRetentionJob(config, 2), mailRetentionJob(config, 2)],
      intervalMs: 60_000,
    });

  it('two processes running at once erase each row once and record the count once', async () => {
    const { recent } = await requestsAroundCutoff();
    await mailsAroundCutoff();
    const contactEvents = (await eventsOf('care-request.contact-retention')).length;
    const mailEvents = (await eventsOf('mail.retention')).length;

    const results = await Promise.all([housekeepingOf(t.db).runOnce(NOW), housekeepingOf(other.db).runOnce(NOW)]);

    const total = (name: string) => results.reduce((sum, result) => sum + (result[name] ?? 0), 0);
    expect(total('care-contact-retention')).toBe(5);
    expect(total('mail-retention')).toBe(3);
    expect(await contactUids()).toEqual([...recent].sort());
    const counted = (events: { changes: unknown }[]) =>
      events.reduce((sum, event) => sum + (event.changes as { count: number }).count, 0);
    expect(counted((await eventsOf('care-request.contact-retention')).slice(contactEvents))).toBe(5);
    expect(counted((await eventsOf('mail.retention')).slice(mailEvents))).toBe(3);
  });

  it('a process skips a job another process is running', async () => {
    await requestsAroundCutoff();
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      await client.query('begin');
      await client.query('select pg_advisory_xact_lock(hashtext($1))', [
        'caredesk:housekeeping:care-contact-retention',
      ]);
      const results = await housekeepingOf(t.db).runOnce(NOW);
      expect(results['care-contact-retention']).toBeUndefined();
      expect(results['mail-retention']).toBe(0);
      expect(await contactUids()).toHaveLength(8);
      await client.query('rollback');
    } finally {
      await client.end();
    }
    expect((await housekeepingOf(t.db).runOnce(NOW))['care-contact-retention']).toBe(5);
  });
});
