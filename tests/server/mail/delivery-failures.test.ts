import { createTestApp, type TestApp } from '../support/helpers';
import {
  aMail,
  deliverDue,
  list,
  MAIL,
  mailRow,
  mailWorker,
  makeDue,
  nowSeconds,
  sendMail,
  waitFor,
} from '../support/mail-helpers';
import { startSilentPeer } from '../support/smtp-peer';
import { smtpPeers } from './peers';

/** What a failed delivery leaves: permanent and temporary failures, the backoff, refused recipients, and peers that do not answer. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const { peer, silentPeer, route } = smtpPeers(() => t);

describe('failures', () => {
  test('no matching account: failed permanently with a clear message', async () => {
    const uid = await sendMail(t, aMail({ sender: 'nobody@unrouted.example' }));
    await deliverDue(t);
    expect(await mailRow(t, uid)).toMatchObject({
      state: 'failed',
      errorMessage: 'No account matches the sender nobody@unrouted.example.',
    });
    const failed = await list<{ reference_uid: string; attempts: number }>(t, 'failed-permanently/');
    expect(failed.find((entry) => entry.reference_uid === uid)?.attempts).toBe(1);
  });

  test('a 4xx reply: failed temporarily, next attempt after the doubling backoff', async () => {
    const smtp = await peer({ reply: () => ({ code: 451, message: 'Greylisted, try again later' }) });
    const { sender } = await route(smtp.port);
    const uid = await sendMail(t, aMail({ sender }));
    const backoff = { minBackoffSeconds: 300, maxBackoffSeconds: 4000 };

    await deliverDue(t, backoff);
    const first = (
      await list<{ reference_uid: string; attempt: number; error_message: string; next_attempt: number }>(
        t,
        'failed-temporarily/',
      )
    ).find((entry) => entry.reference_uid === uid);
    expect(first).toMatchObject({ attempt: 1, error_message: expect.stringContaining('451 Greylisted') });
    expect(first!.next_attempt).toBeGreaterThanOrEqual(nowSeconds() + 300 - 3);
    expect(first!.next_attempt).toBeLessThanOrEqual(nowSeconds() + 300 + 1);

    await deliverDue(t, backoff);
    expect(smtp.refused).toHaveLength(1); // not due yet

    await makeDue(t, uid);
    await deliverDue(t, backoff);
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
    expect(await mailRow(t, uid)).toMatchObject({
      attempts: 4,
      errorMessage: expect.stringMatching(/421 Service not available.*no retries left: 4 attempts since it was queued/),
    });
  });

  test('a 5xx reply fails permanently at once; requeued, the mail is delivered', async () => {
    let refuse = true;
    const smtp = await peer({ reply: () => (refuse ? { code: 550, message: 'Mailbox unavailable' } : undefined) });
    const { sender } = await route(smtp.port);
    const uid = await sendMail(t, aMail({ sender, subject: 'requeued' }));

    await deliverDue(t);
    expect(await mailRow(t, uid)).toMatchObject({
      state: 'failed',
      attempts: 1,
      errorMessage: expect.stringContaining('550 Mailbox unavailable'),
    });

    refuse = false;
    const requeued = await t.as({
      method: 'POST',
      url: `${MAIL}/administration/queue/failed-permanently/requeue/`,
      payload: { uids: [uid] },
    });
    expect(requeued.json()).toEqual({ requeued: [uid] });
    // the retry budget starts again; the attempt made before the requeue still counts in the list, as in the mail's log
    expect(await mailRow(t, uid)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(
      (await list<{ reference_uid: string; attempt: number }>(t, '')).find((entry) => entry.reference_uid === uid)
        ?.attempt,
    ).toBe(1);

    await deliverDue(t);
    expect(await mailRow(t, uid)).toMatchObject({ state: 'delivered', attempts: 1 });
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['requeued']);
  });

  test('one recipient refused with 550, the others accepted: delivered, the refused address and reply kept and listed', async () => {
    const smtp = await peer({
      refuseRecipient: (address) =>
        address === 'gone@example.org' ? { code: 550, message: 'Mailbox unavailable' } : undefined,
    });
    const { sender } = await route(smtp.port);
    const uid = await sendMail(
      t,
      aMail({
        sender,
        to: ['anna@example.org', 'gone@example.org'],
        cc: ['carla@example.org'],
        subject: 'partly refused',
      }),
    );

    await deliverDue(t);

    expect(smtp.received.map((mail) => mail.recipients)).toEqual([['anna@example.org', 'carla@example.org']]);
    const refused = [{ address: 'gone@example.org', reply: expect.stringMatching(/^550 Mailbox unavailable/) }];
    expect(await mailRow(t, uid)).toMatchObject({ state: 'delivered', attempts: 1, refused });
    const delivered = await list<{ reference_uid: string; refused: unknown }>(t, 'delivered/');
    expect(delivered.find((entry) => entry.reference_uid === uid)?.refused).toEqual(refused);
    expect(await list<{ reference_uid: string }>(t, 'failed-permanently/')).not.toContainEqual(
      expect.objectContaining({ reference_uid: uid }),
    );
  });

  test('every recipient refused with 550: failed permanently, naming each refused recipient', async () => {
    const smtp = await peer({ refuseRecipient: () => ({ code: 550, message: 'No such user here' }) });
    const { sender } = await route(smtp.port);
    const uid = await sendMail(t, aMail({ sender, to: ['anna@example.org', 'ben@example.org'] }));

    await deliverDue(t);

    expect(smtp.received).toEqual([]);
    const row = await mailRow(t, uid);
    expect(row).toMatchObject({ state: 'failed', attempts: 1, refused: [] });
    expect(row.errorMessage).toMatch(
      /^Every recipient was refused: anna@example\.org: 550 No such user here.*; ben@example\.org: 550 No such user here/,
    );
  });

  test('every recipient refused, one only for now (450): failed temporarily', async () => {
    const smtp = await peer({
      refuseRecipient: (address) =>
        address === 'anna@example.org'
          ? { code: 550, message: 'No such user here' }
          : { code: 450, message: 'Mailbox busy' },
    });
    const { sender } = await route(smtp.port);
    const uid = await sendMail(t, aMail({ sender, to: ['anna@example.org', 'ben@example.org'] }));

    await deliverDue(t);

    expect(await mailRow(t, uid)).toMatchObject({
      state: 'retrying',
      errorMessage: expect.stringContaining('ben@example.org: 450 Mailbox busy'),
    });
  });

  test('a delivered mail without refusals lists an empty refused list', async () => {
    const smtp = await peer();
    const { sender } = await route(smtp.port);
    const uid = await sendMail(t, aMail({ sender }));
    await deliverDue(t);
    const delivered = await list<{ reference_uid: string; refused: unknown }>(t, 'delivered/');
    expect(delivered.find((entry) => entry.reference_uid === uid)?.refused).toEqual([]);
  });

  test('a peer that accepts the connection and never answers: timeout, failed temporarily', async () => {
    const silent = await silentPeer();
    const { sender } = await route(silent.port);
    const uid = await sendMail(t, aMail({ sender }));

    const started = Date.now();
    await deliverDue(t, { smtpTimeoutMs: 300 });

    expect(Date.now() - started).toBeLessThan(5000);
    expect(silent.connections).toBeGreaterThan(0);
    expect(await mailRow(t, uid)).toMatchObject({
      state: 'retrying',
      errorMessage: expect.stringMatching(/greeting|time/i),
    });
  });

  test('a peer that greets, then trickles its EHLO reply forever: the delivery ends at its deadline (four SMTP timeouts), failed temporarily', async () => {
    const trickling = await silentPeer(100);
    const { sender } = await route(trickling.port);
    const uid = await sendMail(t, aMail({ sender }));

    const started = Date.now();
    await deliverDue(t, { smtpTimeoutMs: 300 });

    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await mailRow(t, uid)).toMatchObject({
      state: 'retrying',
      errorMessage: 'The delivery did not finish within 1.2 s.',
    });
  });

  test('a peer that refuses connections: failed temporarily', async () => {
    const closed = await startSilentPeer();
    await closed.close();
    const { sender } = await route(closed.port);
    const uid = await sendMail(t, aMail({ sender }));
    await deliverDue(t);
    expect(await mailRow(t, uid)).toMatchObject({
      state: 'retrying',
      errorMessage: expect.stringMatching(/ECONNREFUSED|connect/i),
    });
  });
});
