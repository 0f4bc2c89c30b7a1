import { createTestApp, unique, type TestApp } from '../support/helpers';
import { aMail, deliverDue, MAIL, makeDue, nowSeconds, sendMail } from '../support/mail-helpers';
import { LOG, mailLog, uidsOf } from './log-helpers';
import { smtpPeers } from './peers';

/** A mail's details in the log: every attempt from a real SMTP peer, with the provider as it was and each recipient's reply. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const { peer, route } = smtpPeers(() => t);
const { search, detail } = mailLog(() => t);

describe('details', () => {
  test('every attempt from a real SMTP peer: provider, DATA reply, each recipient accepted or refused with its reply', async () => {
    const smtp = await peer({
      refuseRecipient: (address) =>
        address === 'gone@example.org' ? { code: 550, message: 'Mailbox unavailable' } : undefined,
    });
    const { sender, provider } = await route(smtp.port);
    const uid = await sendMail(
      t,
      aMail({
        sender,
        to: ['anna@example.org', 'gone@example.org'],
        cc: ['carla@example.org'],
        subject: 'Partly refused',
        message: 'Dear Anna',
      }),
    );
    await deliverDue(t);

    const read = await detail(uid);
    expect(read).toEqual({
      reference_uid: uid,
      state: 'delivered',
      mail: {
        sender,
        to: ['anna@example.org', 'gone@example.org'],
        cc: ['carla@example.org'],
        subject: 'Partly refused',
        message: 'Dear Anna',
      },
      requested_time: expect.closeTo(nowSeconds(), -2),
      completed_time: expect.closeTo(nowSeconds(), -2),
      message_id: smtp.received[0].messageId,
      last_error: null,
      cancelled: null,
      resent_from: null,
      resent_as: [],
      attempts: [
        {
          time: expect.closeTo(nowSeconds(), -2),
          provider: { uid: provider.uid, name: provider.name, host: '127.0.0.1' },
          outcome: 'delivered',
          reply_code: 250,
          reply_text: expect.stringMatching(/^250 /),
          recipients: [
            { address: 'anna@example.org', accepted: true, reply: expect.stringMatching(/^250 /) },
            { address: 'carla@example.org', accepted: true, reply: expect.stringMatching(/^250 /) },
            { address: 'gone@example.org', accepted: false, reply: expect.stringMatching(/^550 Mailbox unavailable/) },
          ],
        },
      ],
    });
    expect(read.message_id).toBe(`<${uid}@${sender.split('@')[1]}>`);
    expect(uidsOf(await search({ query: read.message_id! }))).toEqual([uid]);
    // the list item carries what the Delivered Mails list shows: delivered time and the refused recipient with its reply
    const [item] = (await search({ query: read.message_id! })).items;
    expect(item).toMatchObject({
      completed_time: read.completed_time,
      next_attempt: null,
      refused: [{ address: 'gone@example.org', reply: expect.stringMatching(/^550 /) }],
    });

    // the provider as it was at the attempt, not as it is now
    const renamed = await t.as({
      method: 'PUT',
      url: `${MAIL}/administration/providers/${provider.uid}/`,
      payload: { ...provider, name: 'Renamed peer', host: 'localhost' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await detail(uid)).attempts[0].provider).toEqual({
      uid: provider.uid,
      name: provider.name,
      host: '127.0.0.1',
    });
  });

  test('a temporary then a permanent DATA refusal: two attempts in order, their replies, the last error', async () => {
    let code = 451;
    const smtp = await peer({
      reply: () => ({ code, message: code === 451 ? 'Greylisted, try again later' : 'Message rejected' }),
    });
    const { sender } = await route(smtp.port);
    const uid = await sendMail(t, aMail({ sender }));
    await deliverDue(t);
    expect((await detail(uid)).state).toBe('retrying');
    // the list item carries what the Delivery Retries list shows: when the mail is due again
    const [retrying] = (await search({ query: uid })).items;
    expect(retrying).toMatchObject({
      state: 'retrying',
      completed_time: null,
      next_attempt: expect.closeTo(nowSeconds() + 60, -3),
      refused: [],
    });
    code = 554;
    await makeDue(t, uid);
    await deliverDue(t);

    const read = await detail(uid);
    expect(read.state).toBe('failed');
    expect(read.last_error).toMatch(/554 Message rejected/);
    expect(read.completed_time).toEqual(expect.closeTo(nowSeconds(), -2));
    expect(read.attempts.map(({ outcome, reply_code, recipients }) => ({ outcome, reply_code, recipients }))).toEqual([
      { outcome: 'retrying', reply_code: 451, recipients: [] },
      { outcome: 'failed', reply_code: 554, recipients: [] },
    ]);
    expect(read.attempts[0].reply_text).toMatch(/^451 Greylisted/);
    expect(read.attempts[1].reply_text).toMatch(/^554 Message rejected/);
  });

  test('every recipient refused: each named with its reply; no matching account: an attempt without provider', async () => {
    const smtp = await peer({
      refuseRecipient: (address) =>
        address === 'anna@example.org'
          ? { code: 550, message: 'No such user' }
          : { code: 450, message: 'Mailbox busy' },
    });
    const { sender } = await route(smtp.port);
    const refused = await sendMail(t, aMail({ sender, to: ['anna@example.org', 'ben@example.org'] }));
    const unrouted = await sendMail(t, aMail({ sender: `office@${unique('nowhere')}.example` }));
    await deliverDue(t);

    const [attempt] = (await detail(refused)).attempts;
    expect(attempt).toMatchObject({ outcome: 'retrying', reply_code: 450 });
    expect(attempt.recipients).toEqual([
      { address: 'anna@example.org', accepted: false, reply: expect.stringMatching(/^550 No such user/) },
      { address: 'ben@example.org', accepted: false, reply: expect.stringMatching(/^450 Mailbox busy/) },
    ]);
    expect((await detail(unrouted)).attempts).toEqual([
      {
        time: expect.closeTo(nowSeconds(), -2),
        provider: null,
        outcome: 'failed',
        reply_code: null,
        reply_text: null,
        recipients: [],
      },
    ]);
  });

  test('404 for an unknown uid, 400 for a malformed one', async () => {
    const unknown = await t.as({ method: 'GET', url: `${LOG}00000000-0000-4000-8000-000000000000/` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ type: '/problems/mail-not-found', field: 'uid' });
    const malformed = await t.as({ method: 'GET', url: `${LOG}not-a-uid/` });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ type: '/problems/validation-error' });
  });
});
