import { eq, sql } from 'drizzle-orm';
import { mailAccounts, mails } from '../../../server/db/schema';
import { enqueueMail } from '../../../server/mail';
import { createTestApp, type TestApp } from '../support/helpers';
import { aMail, deliverDue, mailRow, mailWorker, sendMail, waitFor } from '../support/mail-helpers';
import { smtpPeers } from './peers';

/** The worker under bad stored data, its concurrency, and a delivery that outlasts its lease. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const { peer, route } = smtpPeers(() => t);

describe('robustness', () => {
  test('bad stored data fails only its own mail', async () => {
    const smtp = await peer();
    const { sender, account } = await route(smtp.port);
    const good = await sendMail(t, aMail({ sender, subject: 'good' }));
    const [broken] = await t.db
      .insert(mails)
      .values({
        sender,
        recipients: ['not an address'],
        cc: [],
        subject: 'broken',
        message: '',
        nextAttemptAt: sql`now()`,
      })
      .returning();

    await deliverDue(t);

    expect(await mailRow(t, good)).toMatchObject({ state: 'delivered' });
    expect(await mailRow(t, broken.referenceUid)).toMatchObject({
      state: 'failed',
      errorMessage: expect.stringContaining('stored mail is invalid'),
    });

    await t.db
      .update(mailAccounts)
      .set({ username: 'user', encryptedPassword: 'v1.garbage.garbage.garbage' })
      .where(eq(mailAccounts.uid, account.uid));
    const undecryptable = await sendMail(t, aMail({ sender }));
    await deliverDue(t);
    expect(await mailRow(t, undecryptable)).toMatchObject({
      state: 'failed',
      errorMessage: expect.stringContaining('cannot be decrypted'),
    });
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['good']);
  });

  test('never more deliveries in flight than the concurrency; stop() waits for them', async () => {
    const smtp = await peer({ delayMs: 150 });
    const { sender } = await route(smtp.port);
    const uids = await Promise.all(
      Array.from({ length: 12 }, (_, index) => enqueueMail(t.db, aMail({ sender, subject: `mail ${index}` }))),
    );
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
