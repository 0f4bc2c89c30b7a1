import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { mailAccounts, mailAttempts, mailProviders, mails } from '../../../server/db/schema';
import { createMailWorker, enqueueMail } from '../../../server/mail';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PendingOutcomes, releaseClaim } from '../../../server/mail/claims';
import { announceMailsDue } from '../../../server/mail/notify';
import { createTestApp, type TestApp } from '../support/helpers';
import {
  addAccount,
  addProvider,
  aMail,
  list,
  MAIL,
  mailRow,
  mailWorker,
  makeDue,
  nowSeconds,
  sendMail,
  waitFor,
  type ProviderBody,
} from '../support/mail-helpers';
import { startSilentPeer, startSmtpPeer, type SmtpPeer, type SmtpPeerOptions } from '../support/smtp-peer';

let t: TestApp;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await Promise.all(cleanups.map((cleanup) => cleanup()));
  await t?.close();
});

async function peer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const started = await startSmtpPeer(options);
  cleanups.push(() => started.close());
  return started;
}

const dialect = new PgDialect();
/** The SQL text of a statement the worker runs through `db.execute`. */
const sqlTextOf = (query: unknown) => dialect.sqlToQuery(query as Parameters<PgDialect['sqlToQuery']>[0]).sql;

/** A claim's content, which recording an outcome does not read: only the mail and the lease count. */
const MAIL_CLAIM = { sender: 'office@example.org', to: ['client@example.org'], cc: [], subject: 'outcome', message: 'text', requestedAt: new Date(), attempts: 1, routesVersion: '' };

let routes = 0;
/** A provider for `port`, and an account matching only this route's own sender domain. */
async function route(port: number, provider: Partial<ProviderBody> = {}, credentials: { username: string; password: string } | null = null) {
  const domain = `route${++routes}.example`;
  const created = await addProvider(t, { port, security: 'none', ...provider });
  const account = await addAccount(t, { expression: `@${domain.replace('.', '\\.')}$`, provider: { uid: created.uid }, credentials });
  return { sender: `office@${domain}`, provider: created, account };
}

const deliverDue = async (overrides: Parameters<typeof mailWorker>[1] = {}) => {
  const worker = mailWorker(t, overrides);
  try {
    return await worker.deliverDue();
  } finally {
    await worker.stop();
  }
};

describe('delivers for real over SMTP', () => {
  test('without security: envelope sender, recipients (to + cc), subject and body reach the peer', async () => {
    const smtp = await peer();
    const { sender } = await route(smtp.port);
    const mail = aMail({ sender, to: ['anna@example.org', 'ben@example.org'], cc: ['carla@example.org'], subject: 'Visit on Monday', message: 'Dear Anna,\r\nsee you at 9.' });
    const uid = await sendMail(t, mail);

    expect(await deliverDue()).toBe(1);

    expect(smtp.received).toEqual([
      {
        from: sender,
        recipients: ['anna@example.org', 'ben@example.org', 'carla@example.org'],
        subject: 'Visit on Monday',
        text: 'Dear Anna,\r\nsee you at 9.',
        messageId: `<${uid}@${sender.split('@')[1]}>`,
        user: undefined,
        secure: false,
      },
    ]);
    expect(await mailRow(t, uid)).toMatchObject({ state: 'delivered', attempts: 1, leaseUntil: null });
    const delivered = await list<{ reference_uid: string; delivered: number }>(t, 'delivered/');
    expect(delivered.find((entry) => entry.reference_uid === uid)?.delivered).toBeCloseTo(nowSeconds(), -1);
  });

  test.each([
    ['starttls', 'STARTTLS'],
    ['ssl/tls', 'implicit TLS'],
  ] as const)('with %s (%s) and AUTH with the stored credentials', async (security, _label) => {
    const credentials = { username: 'relay-user', password: 'relay-secret-1' };
    const smtp = await peer({ security, credentials });
    const { sender } = await route(smtp.port, { security }, credentials);
    const uid = await sendMail(t, aMail({ sender }));

    await deliverDue();

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ from: sender, user: 'relay-user', secure: true });
    expect(smtp.authFailures).toBe(0);
    expect((await mailRow(t, uid)).state).toBe('delivered');
  });

  test('with TLS verification on, a self-signed certificate is refused and the mail retried later', async () => {
    const smtp = await peer({ security: 'ssl/tls' });
    const { sender } = await route(smtp.port, { security: 'ssl/tls' });
    const uid = await sendMail(t, aMail({ sender }));

    await deliverDue({ tlsVerify: true });

    expect(smtp.received).toEqual([]);
    const row = await mailRow(t, uid);
    expect(row.state).toBe('retrying');
    expect(row.errorMessage).toMatch(/certificate/i);
  });

  test('wrong stored credentials: the peer refuses AUTH with 535 and the mail fails permanently', async () => {
    const smtp = await peer({ security: 'starttls', credentials: { username: 'relay-user', password: 'right-password' } });
    const { sender } = await route(smtp.port, { security: 'starttls' }, { username: 'relay-user', password: 'wrong-password' });
    const uid = await sendMail(t, aMail({ sender }));

    await deliverDue();

    expect(smtp.authFailures).toBeGreaterThan(0);
    expect(await mailRow(t, uid)).toMatchObject({ state: 'failed', attempts: 1, errorMessage: expect.stringContaining('535') });
  });

  test('the first account in creation order whose expression matches the sender decides the provider', async () => {
    const [first, second] = [await peer(), await peer()];
    const firstProvider = await addProvider(t, { port: first.port });
    const secondProvider = await addProvider(t, { port: second.port });
    await addAccount(t, { expression: '^team@order\\.example$', provider: { uid: firstProvider.uid }, credentials: null });
    await addAccount(t, { expression: '@order\\.example$', provider: { uid: secondProvider.uid }, credentials: null });

    await sendMail(t, aMail({ sender: 'team@order.example', subject: 'to the first' }));
    await sendMail(t, aMail({ sender: 'other@order.example', subject: 'to the second' }));
    await deliverDue();

    expect(first.received.map((mail) => mail.subject)).toEqual(['to the first']);
    expect(second.received.map((mail) => mail.subject)).toEqual(['to the second']);
  });

  test('editing a provider sends the next mail with the new settings', async () => {
    const [before, after] = [await peer(), await peer()];
    const { sender, provider } = await route(before.port);
    const worker = mailWorker(t);
    await sendMail(t, aMail({ sender, subject: 'before' }));
    await worker.deliverDue();

    const edited = await t.as({ method: 'PUT', url: `${MAIL}/administration/providers/${provider.uid}/`, payload: { ...provider, uid: undefined, port: after.port } });
    expect(edited.statusCode).toBe(200);
    await sendMail(t, aMail({ sender, subject: 'after' }));
    await worker.deliverDue();
    await worker.stop();

    expect(before.received.map((mail) => mail.subject)).toEqual(['before']);
    expect(after.received.map((mail) => mail.subject)).toEqual(['after']);
  });
});

describe('the routes cache (each worker keeps its routes until the claim statement reports a change)', () => {
  test('a provider changed by another process, straight in the database: the next mail goes to the new port', async () => {
    const [before, after] = [await peer(), await peer()];
    const { sender, provider } = await route(before.port);
    const worker = mailWorker(t);
    await sendMail(t, aMail({ sender, subject: 'before' }));
    await worker.deliverDue();

    await t.db.update(mailProviders).set({ port: after.port }).where(eq(mailProviders.uid, provider.uid));
    await sendMail(t, aMail({ sender, subject: 'after' }));
    await worker.deliverDue();
    await worker.stop();

    expect(before.received.map((mail) => mail.subject)).toEqual(['before']);
    expect(after.received.map((mail) => mail.subject)).toEqual(['after']);
  });

  test('an account added or moved to another provider through the API: the next mail goes the new way', async () => {
    const [first, second] = [await peer(), await peer()];
    const firstProvider = await addProvider(t, { port: first.port });
    const secondProvider = await addProvider(t, { port: second.port });
    const worker = mailWorker(t);
    const unroutable = await sendMail(t, aMail({ sender: 'office@cached.example', subject: 'no account yet' }));
    await worker.deliverDue();
    expect(await mailRow(t, unroutable)).toMatchObject({ state: 'failed' });

    const account = await addAccount(t, { expression: '@cached\\.example$', provider: { uid: firstProvider.uid }, credentials: null });
    await sendMail(t, aMail({ sender: 'office@cached.example', subject: 'to the first' }));
    await worker.deliverDue();
    const moved = await t.as({
      method: 'PUT',
      url: `${MAIL}/administration/accounts/${account.uid}/`,
      payload: { expression: account.expression, provider: { uid: secondProvider.uid }, credentials: null },
    });
    expect(moved.statusCode).toBe(200);
    await sendMail(t, aMail({ sender: 'office@cached.example', subject: 'to the second' }));
    await worker.deliverDue();
    await worker.stop();

    expect(first.received.map((mail) => mail.subject)).toEqual(['to the first']);
    expect(second.received.map((mail) => mail.subject)).toEqual(['to the second']);
  });
});

describe('failures', () => {
  test('no matching account: failed permanently with a clear message', async () => {
    const uid = await sendMail(t, aMail({ sender: 'nobody@unrouted.example' }));
    await deliverDue();
    expect(await mailRow(t, uid)).toMatchObject({ state: 'failed', errorMessage: 'No account matches the sender nobody@unrouted.example.' });
    const failed = await list<{ reference_uid: string; attempts: number }>(t, 'failed-permanently/');
    expect(failed.find((entry) => entry.reference_uid === uid)?.attempts).toBe(1);
  });

  test('a 4xx reply: failed temporarily, next attempt after the doubling backoff', async () => {
    const smtp = await peer({ reply: () => ({ code: 451, message: 'Greylisted, try again later' }) });
    const { sender } = await route(smtp.port);
    const uid = await sendMail(t, aMail({ sender }));
    const backoff = { minBackoffSeconds: 300, maxBackoffSeconds: 4000 };

    await deliverDue(backoff);
    const first = (await list<{ reference_uid: string; attempt: number; error_message: string; next_attempt: number }>(t, 'failed-temporarily/')).find(
      (entry) => entry.reference_uid === uid,
    );
    expect(first).toMatchObject({ attempt: 1, error_message: expect.stringContaining('451 Greylisted') });
    expect(first!.next_attempt).toBeGreaterThanOrEqual(nowSeconds() + 300 - 3);
    expect(first!.next_attempt).toBeLessThanOrEqual(nowSeconds() + 300 + 1);

    await deliverDue(backoff);
    expect(smtp.refused).toHaveLength(1); // not due yet

    await makeDue(t, uid);
    await deliverDue(backoff);
    const second = await mailRow(t, uid);
    expect(second).toMatchObject({ state: 'retrying', attempts: 2 });
    expect(second.nextAttemptAt!.getTime() / 1000).toBeCloseTo(nowSeconds() + 600, -1);
    expect(smtp.refused).toHaveLength(2);
  });

  test('retries wait the backoff, double it up to the maximum, and give up after the maximum attempts', async () => {
    const refusedAt: number[] = [];
    const smtp = await peer({
      reply: () => {
        refusedAt.push(Date.now());
        return { code: 421, message: 'Service not available' };
      },
    });
    const { sender } = await route(smtp.port);
    const uid = await sendMail(t, aMail({ sender }));
    const worker = mailWorker(t, { minBackoffSeconds: 1, maxBackoffSeconds: 2, maxAttempts: 4, pollIntervalMs: 50 });
    worker.start();
    await waitFor(async () => (await mailRow(t, uid)).state === 'failed', 20_000, 'the mail to fail permanently');
    await worker.stop();

    expect(refusedAt).toHaveLength(4);
    const gaps = refusedAt.slice(1).map((at, index) => (at - refusedAt[index]) / 1000);
    // 1 s, then doubled to 2 s, then capped at 2 s (uncapped it would be 4 s); the margins allow for a busy machine.
    expect(gaps[0]).toBeGreaterThanOrEqual(0.95);
    expect(gaps[0]).toBeLessThan(1.8);
    expect(gaps[1]).toBeGreaterThanOrEqual(1.95);
    expect(gaps[2]).toBeGreaterThanOrEqual(1.95);
    expect(gaps[2]).toBeLessThan(3.5);
    expect(await mailRow(t, uid)).toMatchObject({ attempts: 4, errorMessage: expect.stringMatching(/421 Service not available.*no retries left: 4 attempts since it was queued/) });
  });

  test('a 5xx reply fails permanently at once; requeued, the mail is delivered', async () => {
    let refuse = true;
    const smtp = await peer({ reply: () => (refuse ? { code: 550, message: 'Mailbox unavailable' } : undefined) });
    const { sender } = await route(smtp.port);
    const uid = await sendMail(t, aMail({ sender, subject: 'requeued' }));

    await deliverDue();
    expect(await mailRow(t, uid)).toMatchObject({ state: 'failed', attempts: 1, errorMessage: expect.stringContaining('550 Mailbox unavailable') });

    refuse = false;
    const requeued = await t.as({ method: 'POST', url: `${MAIL}/administration/queue/failed-permanently/requeue/`, payload: { uids: [uid] } });
    expect(requeued.json()).toEqual({ requeued: [uid] });
    // the retry budget starts again; the attempt made before the requeue still counts in the list, as in the mail's log
    expect(await mailRow(t, uid)).toMatchObject({ state: 'queued', attempts: 0 });
    expect((await list<{ reference_uid: string; attempt: number }>(t, '')).find((entry) => entry.reference_uid === uid)?.attempt).toBe(1);

    await deliverDue();
    expect(await mailRow(t, uid)).toMatchObject({ state: 'delivered', attempts: 1 });
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['requeued']);
  });

  test('one recipient refused with 550, the others accepted: delivered, the refused address and reply kept and listed', async () => {
    const smtp = await peer({ refuseRecipient: (address) => (address === 'gone@example.org' ? { code: 550, message: 'Mailbox unavailable' } : undefined) });
    const { sender } = await route(smtp.port);
    const uid = await sendMail(t, aMail({ sender, to: ['anna@example.org', 'gone@example.org'], cc: ['carla@example.org'], subject: 'partly refused' }));

    await deliverDue();

    expect(smtp.received.map((mail) => mail.recipients)).toEqual([['anna@example.org', 'carla@example.org']]);
    const refused = [{ address: 'gone@example.org', reply: expect.stringMatching(/^550 Mailbox unavailable/) }];
    expect(await mailRow(t, uid)).toMatchObject({ state: 'delivered', attempts: 1, refused });
    const delivered = await list<{ reference_uid: string; refused: unknown }>(t, 'delivered/');
    expect(delivered.find((entry) => entry.reference_uid === uid)?.refused).toEqual(refused);
    expect(await list<{ reference_uid: string }>(t, 'failed-permanently/')).not.toContainEqual(expect.objectContaining({ reference_uid: uid }));
  });

  test('every recipient refused with 550: failed permanently, naming each refused recipient', async () => {
    const smtp = await peer({ refuseRecipient: () => ({ code: 550, message: 'No such user here' }) });
    const { sender } = await route(smtp.port);
    const uid = await sendMail(t, aMail({ sender, to: ['anna@example.org', 'ben@example.org'] }));

    await deliverDue();

    expect(smtp.received).toEqual([]);
    const row = await mailRow(t, uid);
    expect(row).toMatchObject({ state: 'failed', attempts: 1, refused: [] });
    expect(row.errorMessage).toMatch(/^Every recipient was refused: anna@example\.org: 550 No such user here.*; ben@example\.org: 550 No such user here/);
  });

  test('every recipient refused, one only for now (450): failed temporarily', async () => {
    const smtp = await peer({
      refuseRecipient: (address) => (address === 'anna@example.org' ? { code: 550, message: 'No such user here' } : { code: 450, message: 'Mailbox busy' }),
    });
    const { sender } = await route(smtp.port);
    const uid = await sendMail(t, aMail({ sender, to: ['anna@example.org', 'ben@example.org'] }));

    await deliverDue();

    expect(await mailRow(t, uid)).toMatchObject({ state: 'retrying', errorMessage: expect.stringContaining('ben@example.org: 450 Mailbox busy') });
  });

  test('a delivered mail without refusals lists an empty refused list', async () => {
    const smtp = await peer();
    const { sender } = await route(smtp.port);
    const uid = await sendMail(t, aMail({ sender }));
    await deliverDue();
    const delivered = await list<{ reference_uid: string; refused: unknown }>(t, 'delivered/');
    expect(delivered.find((entry) => entry.reference_uid === uid)?.refused).toEqual([]);
  });

  test('a peer that accepts the connection and never answers: timeout, failed temporarily', async () => {
    const silent = await startSilentPeer();
    cleanups.push(() => silent.close());
    const { sender } = await route(silent.port);
    const uid = await sendMail(t, aMail({ sender }));

    const started = Date.now();
    await deliverDue({ smtpTimeoutMs: 300 });

    expect(Date.now() - started).toBeLessThan(5000);
    expect(silent.connections).toBeGreaterThan(0);
    expect(await mailRow(t, uid)).toMatchObject({ state: 'retrying', errorMessage: expect.stringMatching(/greeting|time/i) });
  });

  test('a peer that greets, then trickles its EHLO reply forever: the delivery ends at its deadline (four SMTP timeouts), failed temporarily', async () => {
    const trickling = await startSilentPeer(100);
    cleanups.push(() => trickling.close());
    const { sender } = await route(trickling.port);
    const uid = await sendMail(t, aMail({ sender }));

    const started = Date.now();
    await deliverDue({ smtpTimeoutMs: 300 });

    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await mailRow(t, uid)).toMatchObject({ state: 'retrying', errorMessage: 'The delivery did not finish within 1.2 s.' });
  });

  test('a peer that refuses connections: failed temporarily', async () => {
    const closed = await startSilentPeer();
    await closed.close();
    const { sender } = await route(closed.port);
    const uid = await sendMail(t, aMail({ sender }));
    await deliverDue();
    expect(await mailRow(t, uid)).toMatchObject({ state: 'retrying', errorMessage: expect.stringMatching(/ECONNREFUSED|connect/i) });
  });
});

describe('robustness', () => {
  test('bad stored data fails only its own mail', async () => {
    const smtp = await peer();
    const { sender, account } = await route(smtp.port);
    const good = await sendMail(t, aMail({ sender, subject: 'good' }));
    const [broken] = await t.db
      .insert(mails)
      .values({ sender, recipients: ['not an address'], cc: [], subject: 'broken', message: '', nextAttemptAt: sql`now()` })
      .returning();

    await deliverDue();

    expect(await mailRow(t, good)).toMatchObject({ state: 'delivered' });
    expect(await mailRow(t, broken.referenceUid)).toMatchObject({ state: 'failed', errorMessage: expect.stringContaining('stored mail is invalid') });

    await t.db.update(mailAccounts).set({ username: 'user', encryptedPassword: 'v1.garbage.garbage.garbage' }).where(eq(mailAccounts.uid, account.uid));
    const undecryptable = await sendMail(t, aMail({ sender }));
    await deliverDue();
    expect(await mailRow(t, undecryptable)).toMatchObject({ state: 'failed', errorMessage: expect.stringContaining('cannot be decrypted') });
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['good']);
  });

  test('never more deliveries in flight than the concurrency; stop() waits for them', async () => {
    const smtp = await peer({ delayMs: 150 });
    const { sender } = await route(smtp.port);
    const uids = await Promise.all(Array.from({ length: 12 }, (_, index) => enqueueMail(t.db, aMail({ sender, subject: `mail ${index}` }))));
    const worker = mailWorker(t, { concurrency: 3 });
    let mostLeased = 0;
    worker.start();
    await waitFor(async () => {
      const [{ leased, delivered }] = await t.db
        .select({
          leased: sql<number>`count(*) filter (where ${mails.leaseUntil} is not null)`.mapWith(Number),
          delivered: sql<number>`count(*) filter (where ${mails.state} = 'delivered')`.mapWith(Number),
        })
        .from(mails)
        .where(sql`${mails.referenceUid} in ${uids}`);
      mostLeased = Math.max(mostLeased, leased);
      return delivered >= 4 && leased > 0;
    });
    await worker.stop();

    expect(mostLeased).toBeGreaterThan(0);
    expect(mostLeased).toBeLessThanOrEqual(3);
    const rows = await Promise.all(uids.map((uid) => mailRow(t, uid)));
    expect(rows.filter((row) => row.leaseUntil !== null)).toEqual([]);
    expect(smtp.received).toHaveLength(rows.filter((row) => row.state === 'delivered').length);
  });

  test('claims ride with the outcomes that free their slots: never more than the free slots, leased for the lease time, each mail sent once', async () => {
    const smtp = await peer({ delayMs: 60 });
    const { sender } = await route(smtp.port);
    const uids = await Promise.all(Array.from({ length: 40 }, (_, index) => enqueueMail(t.db, aMail({ sender, subject: `batch ${index}` }))));
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
          const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
          const claimedRows = rows.length > 0 && 'routes_version' in rows[0] ? rows : [];
          statements.push({
            records: sqlTextOf(query).includes('insert into mail_attempts'),
            claimed: claimedRows.length,
            claimedOwn: claimedRows.map((row) => String(row.reference_uid)).filter((uid) => uids.includes(uid)),
          });
          for (const row of claimedRows) claimedByWorker.add(String(row.reference_uid));
          if (claimedByWorker.size > 0) {
            const leased = await target.$count(mails, sql`${mails.referenceUid} in ${[...claimedByWorker]} and ${mails.leaseUntil} > now()`);
            mostLeasedAfterStatement = Math.max(mostLeasedAfterStatement, leased);
          }
          return result;
        };
      },
    });
    const worker = createMailWorker({
      db: watched,
      masterSecret: t.masterSecret,
      config: { ...t.config.mail, tlsVerify: false, smtpTimeoutMs: 5000, pollIntervalMs: 50, concurrency: 4, leaseSeconds: 30 },
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
        wrongLeases.push(...leases.filter(({ seconds }) => seconds > 30 || seconds < 20).map(({ seconds }) => `${seconds} s`));
        return (await t.db.$count(mails, sql`${mails.referenceUid} in ${uids} and ${mails.state} = 'delivered'`)) === uids.length;
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
    expect(smtp.received.map((mail) => mail.subject).sort()).toEqual(Array.from({ length: 40 }, (_, index) => `batch ${index}`).sort());
    const rows = await Promise.all(uids.map((uid) => mailRow(t, uid)));
    expect(rows.every((row) => row.attempts === 1 && row.leaseOwner === null)).toBe(true);
  });

  test('outcomes recorded in one turn share one statement, one added while it runs waits for the next, which also claims (never the mail it records); a lost lease records nothing', async () => {
    const [delivered, retrying, failed, lost, later] = await Promise.all(Array.from({ length: 5 }, (_, index) => enqueueMail(t.db, aMail({ subject: `outcome ${index}` }))));
    const leaseOwner = randomUUID();
    await t.db
      .update(mails)
      .set({ leaseOwner, leaseUntil: sql`now() + interval '1 minute'`, attempts: 1 })
      .where(inArray(mails.referenceUid, [delivered, retrying, failed, later]));
    await t.db.update(mails).set({ leaseOwner: randomUUID(), leaseUntil: sql`now() + interval '1 minute'`, attempts: 1 }).where(eq(mails.referenceUid, lost));
    // A slow delivery: its lease ran out, but nobody claimed the mail meanwhile, so its outcome still counts.
    await t.db.update(mails).set({ leaseUntil: sql`now() - interval '1 second'` }).where(eq(mails.referenceUid, later));
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
          statements.push(await Promise.all([delivered, retrying, failed].map(async (uid) => (await mailRow(t, uid)).state)));
          laterMark ??= pending.add({ kind: 'delivered', claim: claim(later), refused: [], report: report(250, 'later@example.org', true) });
          return target.execute(query);
        };
      },
    });
    const refused = [{ address: 'gone@example.org', reply: '550 no such user' }];
    const firstBatch = Promise.all([
      pending.add({ kind: 'delivered', claim: claim(delivered), refused, report: report(250, 'client@example.org', true) }),
      pending.add({ kind: 'retrying', claim: claim(retrying), errorMessage: '451 try later', delaySeconds: 300, report: report(451, 'client@example.org', false) }),
      pending.add({ kind: 'failed', claim: claim(failed), errorMessage: '554 rejected', report: report(554, 'client@example.org', false) }),
      pending.add({ kind: 'delivered', claim: claim(lost), refused: [], report: report(250, 'client@example.org', true) }),
    ]);
    expect(await pending.commit(watched, 0, 30)).toEqual([]);
    await firstBatch;
    expect(pending.size).toBe(1);
    // The next statement records the outcome added meanwhile and, in the same statement, claims a due mail.
    // Due before any other mail (and before `later`, whose lease ran out), so that a claim of one takes it.
    const next = await enqueueMail(t.db, aMail({ subject: 'claimed with an outcome' }));
    await t.db.update(mails).set({ nextAttemptAt: new Date('2000-01-02T00:00:00Z') }).where(eq(mails.referenceUid, next));
    await t.db.update(mails).set({ nextAttemptAt: new Date('2000-01-01T00:00:00Z') }).where(eq(mails.referenceUid, later));
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
    expect(await mailRow(t, delivered)).toMatchObject({ state: 'delivered', refused, errorMessage: null, nextAttemptAt: null, ...noLease });
    expect((await mailRow(t, delivered)).completedAt).not.toBeNull();
    const retried = await mailRow(t, retrying);
    expect(retried).toMatchObject({ state: 'retrying', errorMessage: '451 try later', completedAt: null, ...noLease });
    expect((retried.nextAttemptAt!.getTime() - Date.now()) / 1000).toBeGreaterThan(250);
    expect(await mailRow(t, failed)).toMatchObject({ state: 'failed', errorMessage: '554 rejected', nextAttemptAt: null, ...noLease });
    expect(await mailRow(t, later)).toMatchObject({ state: 'delivered', ...noLease });
    // Another process holds the lost lease: the mail and its log stay as they were.
    expect(await mailRow(t, lost)).toMatchObject({ state: 'queued', completedAt: null });
    const attempts = await t.db
      .select({ mailUid: mailAttempts.mailUid, outcome: mailAttempts.outcome, replyCode: mailAttempts.replyCode, recipients: mailAttempts.recipients })
      .from(mailAttempts)
      .where(inArray(mailAttempts.mailUid, [delivered, retrying, failed, lost, later]));
    expect(attempts.sort((a, b) => (a.replyCode ?? 0) - (b.replyCode ?? 0) || a.mailUid.localeCompare(b.mailUid))).toEqual(
      [
        { mailUid: delivered, outcome: 'delivered', replyCode: 250, recipients: [{ address: 'client@example.org', accepted: true, reply: '250 reply' }] },
        { mailUid: later, outcome: 'delivered', replyCode: 250, recipients: [{ address: 'later@example.org', accepted: true, reply: '250 reply' }] },
        { mailUid: retrying, outcome: 'retrying', replyCode: 451, recipients: [{ address: 'client@example.org', accepted: false, reply: '451 reply' }] },
        { mailUid: failed, outcome: 'failed', replyCode: 554, recipients: [{ address: 'client@example.org', accepted: false, reply: '554 reply' }] },
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
              .values({ sender, recipients: ['anna@example.org'], cc: [], subject: 'queued during a claim', message: 'Hello', nextAttemptAt: sql`now()` })
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
      await waitFor(async () => queuedDuringClaim !== undefined && (await mailRow(t, queuedDuringClaim)).state === 'delivered', 5000, 'the mail queued during the claim');
    } finally {
      await worker.stop();
    }
    expect(smtp.received.map((mail) => mail.subject)).toContain('queued during a claim');
  });

  test('a delivery slower than the lease keeps renewing it: a second worker does not send the mail again', async () => {
    const smtp = await peer({ delayMs: 2500 });
    const { sender } = await route(smtp.port);
    const uid = await sendMail(t, aMail({ sender }));
    const slow = mailWorker(t, { leaseSeconds: 1 });
    const delivering = slow.deliverDue();
    await waitFor(async () => (await mailRow(t, uid)).leaseUntil !== null, 5000, 'the claim');

    const other = mailWorker(t, { leaseSeconds: 1 });
    const claimedByOther: number[] = [];
    while ((await mailRow(t, uid)).state !== 'delivered') {
      claimedByOther.push(await other.deliverDue());
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await delivering;
    await Promise.all([slow.stop(), other.stop()]);

    expect(claimedByOther.every((count) => count === 0)).toBe(true);
    expect(smtp.received).toHaveLength(1);
    expect(await mailRow(t, uid)).toMatchObject({ state: 'delivered', attempts: 1 });
  });
});
