import { eq } from 'drizzle-orm';
import { mailProviders } from '../../../server/db/schema';
import { createTestApp, type TestApp } from '../support/helpers';
import {
  addAccount,
  addProvider,
  aMail,
  deliverDue,
  list,
  MAIL,
  mailRow,
  mailWorker,
  nowSeconds,
  sendMail,
} from '../support/mail-helpers';
import { smtpPeers } from './peers';

/** Delivery over SMTP to real peers: security, credentials, which provider a sender's mail takes, and the worker's routes cache. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const { peer, route } = smtpPeers(() => t);

describe('delivers for real over SMTP', () => {
  test('without security: envelope sender, recipients (to + cc), subject and body reach the peer', async () => {
    const smtp = await peer();
    const { sender } = await route(smtp.port);
    const mail = aMail({
      sender,
      to: ['anna@example.org', 'ben@example.org'],
      cc: ['carla@example.org'],
      subject: 'Visit on Monday',
      message: 'Dear Anna,\r\nsee you at 9.',
    });
    const uid = await sendMail(t, mail);

    expect(await deliverDue(t)).toBe(1);

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

    await deliverDue(t);

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ from: sender, user: 'relay-user', secure: true });
    expect(smtp.authFailures).toBe(0);
    expect((await mailRow(t, uid)).state).toBe('delivered');
  });

  test('with TLS verification on, a self-signed certificate is refused and the mail retried later', async () => {
    const smtp = await peer({ security: 'ssl/tls' });
    const { sender } = await route(smtp.port, { security: 'ssl/tls' });
    const uid = await sendMail(t, aMail({ sender }));

    await deliverDue(t, { tlsVerify: true });

    expect(smtp.received).toEqual([]);
    const row = await mailRow(t, uid);
    expect(row.state).toBe('retrying');
    expect(row.errorMessage).toMatch(/certificate/i);
  });

  test('wrong stored credentials: the peer refuses AUTH with 535 and the mail fails permanently', async () => {
    const smtp = await peer({
      security: 'starttls',
      credentials: { username: 'relay-user', password: 'right-password' },
    });
    const { sender } = await route(
      smtp.port,
      { security: 'starttls' },
      { username: 'relay-user', password: 'wrong-password' },
    );
    const uid = await sendMail(t, aMail({ sender }));

    await deliverDue(t);

    expect(smtp.authFailures).toBeGreaterThan(0);
    expect(await mailRow(t, uid)).toMatchObject({
      state: 'failed',
      attempts: 1,
      errorMessage: expect.stringContaining('535'),
    });
  });

  test('the first account in creation order whose expression matches the sender decides the provider', async () => {
    const [first, second] = [await peer(), await peer()];
    const firstProvider = await addProvider(t, { port: first.port });
    const secondProvider = await addProvider(t, { port: second.port });
    await addAccount(t, {
      expression: '^team@order\\.example$',
      provider: { uid: firstProvider.uid },
      credentials: null,
    });
    await addAccount(t, { expression: '@order\\.example$', provider: { uid: secondProvider.uid }, credentials: null });

    await sendMail(t, aMail({ sender: 'team@order.example', subject: 'to the first' }));
    await sendMail(t, aMail({ sender: 'other@order.example', subject: 'to the second' }));
    await deliverDue(t);

    expect(first.received.map((mail) => mail.subject)).toEqual(['to the first']);
    expect(second.received.map((mail) => mail.subject)).toEqual(['to the second']);
  });

  test('editing a provider sends the next mail with the new settings', async () => {
    const [before, after] = [await peer(), await peer()];
    const { sender, provider } = await route(before.port);
    const worker = mailWorker(t);
    await sendMail(t, aMail({ sender, subject: 'before' }));
    await worker.deliverDue();

    const edited = await t.as({
      method: 'PUT',
      url: `${MAIL}/administration/providers/${provider.uid}/`,
      payload: { ...provider, uid: undefined, port: after.port },
    });
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

    const account = await addAccount(t, {
      expression: '@cached\\.example$',
      provider: { uid: firstProvider.uid },
      credentials: null,
    });
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
