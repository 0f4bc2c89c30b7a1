import { eq, inArray, sql } from 'drizzle-orm';
import { mailAttempts, mails } from '../../../server/db/schema';
import { mailRetentionJob } from '../../../server/mail';
import { adminActor, auditTableText, justNow, withEvents } from '../support/audit-helpers';
import { ADMIN, createTestApp, type TestApp } from '../support/helpers';
import { aMail, deliverDue, mailRow, makeDue, nowSeconds, sendMail } from '../support/mail-helpers';
import { LOG, mailLog, uidsOf, type Detail } from './log-helpers';
import { smtpPeers } from './peers';

/** Resending and cancelling a mail from the log, who may, and the retention of cancelled mails. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const { peer, route } = smtpPeers(() => t);
const { search, detail, post } = mailLog(() => t);

describe('resend', () => {
  test('queues a new mail with the same content, linked both ways; audited on the original without subject or recipients', async () => {
    const admin = await adminActor(t);
    const original = await sendMail(
      t,
      aMail({
        to: ['anna@example.org'],
        cc: ['carla@example.org'],
        subject: 'Private-Subject',
        message: 'Private body',
      }),
    );
    await t.db
      .update(mails)
      .set({ state: 'failed', errorMessage: 'gone', completedAt: new Date() })
      .where(eq(mails.referenceUid, original));

    const { result, events } = await withEvents(t, () => post(original, 'resend'));
    expect(result.statusCode, result.body).toBe(201);
    const resend = result.json<Detail>();
    expect(resend).toMatchObject({
      state: 'queued',
      mail: {
        sender: 'office@caredesk.example',
        to: ['anna@example.org'],
        cc: ['carla@example.org'],
        subject: 'Private-Subject',
        message: 'Private body',
      },
      resent_from: original,
      resent_as: [],
      attempts: [],
      message_id: `<${resend.reference_uid}@caredesk.example>`,
    });
    expect(resend.reference_uid).not.toBe(original);
    expect(await detail(original)).toMatchObject({ state: 'failed', resent_as: [resend.reference_uid] });
    expect(events).toEqual([
      {
        ...justNow(),
        actor: admin,
        address: expect.any(String),
        action: 'mail.resend',
        target: { type: 'mail', id: original, label: null },
        changes: { resent_as: resend.reference_uid, recipients_count: 2 },
      },
    ]);
    const second = (await post(original, 'resend')).json<Detail>();
    expect((await detail(original)).resent_as).toEqual([resend.reference_uid, second.reference_uid]);
    const text = await auditTableText(t.db);
    for (const personal of ['Private-Subject', 'Private body', 'carla@example.org'])
      expect(text).not.toContain(personal);
  });

  test('404 for an unknown mail', async () => {
    const response = await post('00000000-0000-4000-8000-000000000001', 'resend');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ type: '/problems/mail-not-found' });
  });
});

describe('cancel', () => {
  test('a queued mail: cancelled with who and when, audited, and the worker never delivers it', async () => {
    const smtp = await peer();
    const { sender } = await route(smtp.port);
    const admin = await adminActor(t);
    const uid = await sendMail(t, aMail({ sender }));
    const { result, events } = await withEvents(t, () => post(uid, 'cancel'));
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json<Detail>()).toMatchObject({
      state: 'cancelled',
      cancelled: { time: expect.closeTo(nowSeconds(), -2), by: ADMIN.username },
      attempts: [],
    });
    expect(events).toEqual([
      {
        ...justNow(),
        actor: admin,
        address: expect.any(String),
        action: 'mail.cancel',
        target: { type: 'mail', id: uid, label: null },
        changes: { state: 'cancelled', previous_state: 'queued', recipients_count: 1 },
      },
    ]);
    await deliverDue(t);
    expect(smtp.received).toEqual([]);
    expect(await mailRow(t, uid)).toMatchObject({ state: 'cancelled', attempts: 0, nextAttemptAt: null });
    expect(uidsOf(await search({ query: uid, filters: JSON.stringify({ state: ['cancelled'] }) }))).toEqual([uid]);
  });

  test('a retrying mail: cancelled, and not delivered once due', async () => {
    let refuse = true;
    const smtp = await peer({ reply: () => (refuse ? { code: 451, message: 'Try later' } : undefined) });
    const { sender } = await route(smtp.port);
    const uid = await sendMail(t, aMail({ sender }));
    await deliverDue(t);
    expect((await mailRow(t, uid)).state).toBe('retrying');
    const cancelled = await post(uid, 'cancel');
    expect(cancelled.json<Detail>()).toMatchObject({
      state: 'cancelled',
      last_error: expect.stringContaining('451'),
      attempts: [{ outcome: 'retrying' }],
    });
    refuse = false;
    await makeDue(t, uid);
    await deliverDue(t);
    expect(smtp.received).toEqual([]);
    expect((await mailRow(t, uid)).state).toBe('cancelled');
  });

  test('409 for a mail delivered, failed, cancelled or being delivered right now; 404 unknown', async () => {
    const [delivered, failed, cancelled, leased] = [
      await sendMail(t),
      await sendMail(t),
      await sendMail(t),
      await sendMail(t),
    ];
    await t.db.update(mails).set({ state: 'delivered' }).where(eq(mails.referenceUid, delivered));
    await t.db.update(mails).set({ state: 'failed' }).where(eq(mails.referenceUid, failed));
    expect((await post(cancelled, 'cancel')).statusCode).toBe(200);
    await t.db
      .update(mails)
      .set({ leaseUntil: sql`now() + interval '2 minutes'`, leaseOwner: sql`gen_random_uuid()` })
      .where(eq(mails.referenceUid, leased));
    for (const uid of [delivered, failed, cancelled, leased]) {
      const response = await post(uid, 'cancel');
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ status: 409, type: '/problems/not-cancellable', field: 'uid' });
    }
    expect((await mailRow(t, leased)).state).toBe('queued');
    // a lease that ran out (its process died) no longer protects the mail
    await t.db
      .update(mails)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(mails.referenceUid, leased));
    expect((await post(leased, 'cancel')).statusCode).toBe(200);
    expect((await post('00000000-0000-4000-8000-000000000002', 'cancel')).statusCode).toBe(404);
  });

  test('mail:read may read the log but not resend or cancel', async () => {
    const policy = await t.as({
      method: 'PUT',
      url: '/api/auth/administration/roles/log-reader/',
      payload: { permissions: ['mail:read'] },
    });
    expect(policy.statusCode).toBe(200);
    const user = await t.createUser({ roles: ['log-reader'] });
    const token = (await t.signIn(user.username, user.password)).access_token;
    const uid = await sendMail(t);
    expect((await t.as({ method: 'GET', url: `${LOG}?query=${uid}`, token })).statusCode).toBe(200);
    expect((await t.as({ method: 'GET', url: `${LOG}${uid}/`, token })).statusCode).toBe(200);
    for (const action of ['resend', 'cancel'] as const)
      expect((await post(uid, action, token)).json()).toMatchObject({ status: 403, permission: 'mail:manage' });
  });
});

test('retention removes cancelled mails like delivered ones, with their attempts', async () => {
  const [oldCancelled, newCancelled, oldQueued] = [await sendMail(t), await sendMail(t), await sendMail(t)];
  const longAgo = new Date(Date.now() - 400 * 86_400_000);
  await t.db
    .update(mails)
    .set({ state: 'cancelled', cancelledAt: longAgo })
    .where(eq(mails.referenceUid, oldCancelled));
  await t.db
    .update(mails)
    .set({ state: 'cancelled', cancelledAt: new Date() })
    .where(eq(mails.referenceUid, newCancelled));
  await t.db.update(mails).set({ requestedAt: longAgo }).where(eq(mails.referenceUid, oldQueued));
  await t.db.insert(mailAttempts).values({ mailUid: oldCancelled, outcome: 'retrying', replyCode: 451 });

  await mailRetentionJob({ mailRetentionDays: 90 }).run(t.db, new Date());

  const left = await t.db
    .select({ uid: mails.referenceUid })
    .from(mails)
    .where(inArray(mails.referenceUid, [oldCancelled, newCancelled, oldQueued]));
  expect(left.map((row) => row.uid).sort()).toEqual([newCancelled, oldQueued].sort());
  expect(await t.db.select().from(mailAttempts).where(eq(mailAttempts.mailUid, oldCancelled))).toEqual([]);
});
