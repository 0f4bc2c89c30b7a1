import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { mailAttempts, mails } from '../../../server/db/schema';
import { createMailWorker, enqueueMail } from '../../../server/mail';
import { PendingOutcomes, releaseClaim } from '../../../server/mail/claims';
import { announceMailsDue } from '../../../server/mail/notify';
import { createTestApp, type TestApp } from '../support/helpers';
import { aMail, mailRow, waitFor } from '../support/mail-helpers';
import { smtpPeers } from './peers';

/** How the worker claims mails and records outcomes: claims ride with the outcomes, one statement per turn, and leases. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const { peer, route } = smtpPeers(() => t);

const dialect = new PgDialect();
/** The SQL text of a statement the worker runs through `db.execute`. */
const sqlTextOf = (query: unknown) => dialect.sqlToQuery(query as Parameters<PgDialect['sqlToQuery']>[0]).sql;

/** A claim's content, which recording an outcome does not read: only the mail and the lease count. */
const MAIL_CLAIM = {
  sender: 'office@example.org',
  to: ['client@example.org'],
  cc: [],
  subject: 'outcome',
  message: 'text',
  requestedAt: new Date(),
  attempts: 1,
  routesVersion: '',
};

describe('robustness', () => {
  test('claims ride with the outcomes that free their slots: never more than the free slots, leased for the lease time, each mail sent once', async () => {
    const smtp = await peer({ delayMs: 60 });
    const { sender } = await route(smtp.port);
    const uids = await Promise.all(
      Array.from({ length: 40 }, (_, index) => enqueueMail(t.db, aMail({ sender, subject: `batch ${index}` }))),
    );
    // Each statement of the worker: whether it recorded outcomes, and which of these mails it claimed (a claim returns the routes'
    // version; mails that earlier tests left due may come along).
    const statements: { records: boolean; claimed: number; claimedOwn: string[] }[] = [];
    // Every mail this worker claimed, and the most of them leased at once right after any of its statements.
    const claimedByWorker = new Set<string>();
    let mostLeasedAfterStatement = 0;
    const watched = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver);
        return async (query: Parameters<typeof target.execute>[0]) => {
          const result = await target.execute(query);
          const rows = result.rows;
          const claimedRows = rows.length > 0 && 'routes_version' in rows[0] ? rows : [];
          statements.push({
            records: sqlTextOf(query).includes('insert into mail_attempts'),
            claimed: claimedRows.length,
            claimedOwn: claimedRows.map((row) => String(row.reference_uid)).filter((uid) => uids.includes(uid)),
          });
          for (const row of claimedRows) claimedByWorker.add(String(row.reference_uid));
          if (claimedByWorker.size > 0) {
            const leased = await target.$count(
              mails,
              sql`${mails.referenceUid} in ${[...claimedByWorker]} and ${mails.leaseUntil} > now()`,
            );
            mostLeasedAfterStatement = Math.max(mostLeasedAfterStatement, leased);
          }
          return result;
        };
      },
    });
    const worker = createMailWorker({
      db: watched,
      masterSecret: t.masterSecret,
      config: {
        ...t.config.mail,
        tlsVerify: false,
        smtpTimeoutMs: 5000,
        pollIntervalMs: 50,
        concurrency: 4,
        leaseSeconds: 30,
      },
    });
    let mostLeased = 0;
    const wrongLeases: string[] = [];
    worker.start();
    await waitFor(
      async () => {
        const leases = await t.db
          .select({ seconds: sql<number>`extract(epoch from ${mails.leaseUntil} - now())`.mapWith(Number) })
          .from(mails)
          .where(sql`${mails.referenceUid} in ${uids} and ${mails.leaseOwner} is not null`);
        mostLeased = Math.max(mostLeased, leases.length);
        wrongLeases.push(
          ...leases.filter(({ seconds }) => seconds > 30 || seconds < 20).map(({ seconds }) => `${seconds} s`),
        );
        return (
          (await t.db.$count(mails, sql`${mails.referenceUid} in ${uids} and ${mails.state} = 'delivered'`)) ===
          uids.length
        );
      },
      30_000,
      'all 40 delivered',
    );
    await worker.stop();

    expect(statements.flatMap((statement) => statement.claimedOwn).sort()).toEqual([...uids].sort());
    expect(Math.max(...statements.map((statement) => statement.claimed))).toBeLessThanOrEqual(4);
    // After the first claim, each mail's successor is claimed by the statement that records outcomes: no statement of its own.
    const claiming = statements.filter((statement) => statement.claimedOwn.length > 0);
    expect(claiming.slice(1).filter((statement) => !statement.records)).toEqual([]);
    expect(mostLeased).toBeLessThanOrEqual(4);
    expect(mostLeasedAfterStatement).toBeGreaterThan(0);
    expect(mostLeasedAfterStatement).toBeLessThanOrEqual(4);
    expect(wrongLeases).toEqual([]);
    expect(smtp.received.map((mail) => mail.subject).sort()).toEqual(
      Array.from({ length: 40 }, (_, index) => `batch ${index}`).sort(),
    );
    const rows = await Promise.all(uids.map((uid) => mailRow(t, uid)));
    expect(rows.every((row) => row.attempts === 1 && row.leaseOwner === null)).toBe(true);
  });

  test('outcomes recorded in one turn share one statement, one added while it runs waits for the next, which also claims (never the mail it records); a lost lease records nothing', async () => {
    const [delivered, retrying, failed, lost, later] = await Promise.all(
      Array.from({ length: 5 }, (_, index) => enqueueMail(t.db, aMail({ subject: `outcome ${index}` }))),
    );
    const leaseOwner = randomUUID();
    await t.db
      .update(mails)
      .set({ leaseOwner, leaseUntil: sql`now() + interval '1 minute'`, attempts: 1 })
      .where(inArray(mails.referenceUid, [delivered, retrying, failed, later]));
    await t.db
      .update(mails)
      .set({ leaseOwner: randomUUID(), leaseUntil: sql`now() + interval '1 minute'`, attempts: 1 })
      .where(eq(mails.referenceUid, lost));
    // A slow delivery: its lease ran out, but nobody claimed the mail meanwhile, so its outcome still counts.
    await t.db
      .update(mails)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(mails.referenceUid, later));
    const claim = (referenceUid: string) => ({ ...MAIL_CLAIM, referenceUid, leaseOwner });
    const report = (replyCode: number, address: string, accepted: boolean) => ({
      startedAt: new Date(),
      provider: { uid: randomUUID(), name: 'Test peer', host: '127.0.0.1' },
      replyCode,
      replyText: `${replyCode} reply`,
      recipients: [{ address, accepted, reply: `${replyCode} reply` }],
    });

    // Each statement's recording: the states of the first batch's mails when it starts.
    const statements: string[][] = [];
    const pending = new PendingOutcomes();
    let laterMark: Promise<void> | undefined;
    const watched = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver);
        return async (query: Parameters<typeof target.execute>[0]) => {
          statements.push(
            await Promise.all([delivered, retrying, failed].map(async (uid) => (await mailRow(t, uid)).state)),
          );
          laterMark ??= pending.add({
            kind: 'delivered',
            claim: claim(later),
            refused: [],
            report: report(250, 'later@example.org', true),
          });
          return target.execute(query);
        };
      },
    });
    const refused = [{ address: 'gone@example.org', reply: '550 no such user' }];
    const firstBatch = Promise.all([
      pending.add({
        kind: 'delivered',
        claim: claim(delivered),
        refused,
        report: report(250, 'client@example.org', true),
      }),
      pending.add({
        kind: 'retrying',
        claim: claim(retrying),
        errorMessage: '451 try later',
        delaySeconds: 300,
        report: report(451, 'client@example.org', false),
      }),
      pending.add({
        kind: 'failed',
        claim: claim(failed),
        errorMessage: '554 rejected',
        report: report(554, 'client@example.org', false),
      }),
      pending.add({
        kind: 'delivered',
        claim: claim(lost),
        refused: [],
        report: report(250, 'client@example.org', true),
      }),
    ]);
    expect(await pending.commit(watched, 0, 30)).toEqual([]);
    await firstBatch;
    expect(pending.size).toBe(1);
    // The next statement records the outcome added meanwhile and, in the same statement, claims a due mail.
    // Due before any other mail (and before `later`, whose lease ran out), so that a claim of one takes it.
    const next = await enqueueMail(t.db, aMail({ subject: 'claimed with an outcome' }));
    await t.db
      .update(mails)
      .set({ nextAttemptAt: new Date('2000-01-02T00:00:00Z') })
      .where(eq(mails.referenceUid, next));
    await t.db
      .update(mails)
      .set({ nextAttemptAt: new Date('2000-01-01T00:00:00Z') })
      .where(eq(mails.referenceUid, later));
    const claimed = await pending.commit(watched, 1, 30);
    await laterMark;
    await Promise.all(claimed.map((mail) => releaseClaim(t.db, mail)));
    expect(claimed.map((mail) => mail.referenceUid)).toEqual([next]);

    // The first statement recorded all four; the second only the one recorded meanwhile.
    expect(statements).toEqual([
      ['queued', 'queued', 'queued'],
      ['delivered', 'retrying', 'failed'],
    ]);
    const noLease = { leaseOwner: null, leaseUntil: null };
    expect(await mailRow(t, delivered)).toMatchObject({
      state: 'delivered',
      refused,
      errorMessage: null,
      nextAttemptAt: null,
      ...noLease,
    });
    expect((await mailRow(t, delivered)).completedAt).not.toBeNull();
    const retried = await mailRow(t, retrying);
    expect(retried).toMatchObject({ state: 'retrying', errorMessage: '451 try later', completedAt: null, ...noLease });
    expect((retried.nextAttemptAt!.getTime() - Date.now()) / 1000).toBeGreaterThan(250);
    expect(await mailRow(t, failed)).toMatchObject({
      state: 'failed',
      errorMessage: '554 rejected',
      nextAttemptAt: null,
      ...noLease,
    });
    expect(await mailRow(t, later)).toMatchObject({ state: 'delivered', ...noLease });
    // Another process holds the lost lease: the mail and its log stay as they were.
    expect(await mailRow(t, lost)).toMatchObject({ state: 'queued', completedAt: null });
    const attempts = await t.db
      .select({
        mailUid: mailAttempts.mailUid,
        outcome: mailAttempts.outcome,
        replyCode: mailAttempts.replyCode,
        recipients: mailAttempts.recipients,
      })
      .from(mailAttempts)
      .where(inArray(mailAttempts.mailUid, [delivered, retrying, failed, lost, later]));
    expect(
      attempts.sort((a, b) => (a.replyCode ?? 0) - (b.replyCode ?? 0) || a.mailUid.localeCompare(b.mailUid)),
    ).toEqual(
      [
        {
          mailUid: delivered,
          outcome: 'delivered',
          replyCode: 250,
          recipients: [{ address: 'client@example.org', accepted: true, reply: '250 reply' }],
        },
        {
          mailUid: later,
          outcome: 'delivered',
          replyCode: 250,
          recipients: [{ address: 'later@example.org', accepted: true, reply: '250 reply' }],
        },
        {
          mailUid: retrying,
          outcome: 'retrying',
          replyCode: 451,
          recipients: [{ address: 'client@example.org', accepted: false, reply: '451 reply' }],
        },
        {
          mailUid: failed,
          outcome: 'failed',
          replyCode: 554,
          recipients: [{ address: 'client@example.org', accepted: false, reply: '554 reply' }],
        },
      ].sort((a, b) => a.replyCode - b.replyCode || a.mailUid.localeCompare(b.mailUid)),
    );
  });

  test('a statement that fails rejects every outcome it was to record, and leaves none waiting', async () => {
    const pending = new PendingOutcomes();
    const failing = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver);
        return () => Promise.reject(new Error('connection lost'));
      },
    });
    const claim = { ...MAIL_CLAIM, referenceUid: randomUUID(), leaseOwner: randomUUID() };
    const stored = [
      pending.add({ kind: 'delivered', claim, refused: [] }),
      pending.add({ kind: 'failed', claim: { ...claim, referenceUid: randomUUID() }, errorMessage: '554 rejected' }),
    ];
    await expect(pending.commit(failing, 4, 30)).rejects.toThrow('connection lost');
    await Promise.all(stored.map((outcome) => expect(outcome).rejects.toThrow('connection lost')));
    expect(pending.size).toBe(0);
  });

  test('a mail queued while a claim runs (which cannot see it) is claimed at once, not after the poll interval', async () => {
    const smtp = await peer();
    const { sender } = await route(smtp.port);
    let queuedDuringClaim: string | undefined;
    const watched = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver);
        return async (query: Parameters<typeof target.execute>[0]) => {
          const result = await target.execute(query);
          if (queuedDuringClaim === undefined && sqlTextOf(query).includes('skip locked')) {
            // After the claim's snapshot, before the worker reads its answer: as if another request queued a mail meanwhile.
            const [row] = await target
              .insert(mails)
              .values({
                sender,
                recipients: ['anna@example.org'],
                cc: [],
                subject: 'queued during a claim',
                message: 'Hello',
                nextAttemptAt: sql`now()`,
              })
              .returning({ uid: mails.referenceUid });
            queuedDuringClaim = row.uid;
            announceMailsDue();
          }
          return result;
        };
      },
    });
    const worker = createMailWorker({
      db: watched,
      masterSecret: t.masterSecret,
      config: { ...t.config.mail, tlsVerify: false, smtpTimeoutMs: 5000, pollIntervalMs: 60_000, concurrency: 4 },
    });
    worker.start();
    try {
      await waitFor(
        async () => queuedDuringClaim !== undefined && (await mailRow(t, queuedDuringClaim)).state === 'delivered',
        5000,
        'the mail queued during the claim',
      );
    } finally {
      await worker.stop();
    }
    expect(smtp.received.map((mail) => mail.subject)).toContain('queued during a claim');
  });
});
