import { inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { mailAttempts, mails } from '../../../server/db/schema';
import { enqueueMail } from '../../../server/mail';
import { HttpProblem } from '../../../server/shared/problem';
import { createTestApp, type TestApp } from '../support/helpers';
import { aMail, countRows, list, MAIL, mailRow, nowSeconds, sendMail } from '../support/mail-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Puts mails into a state directly, as the worker would leave them. */
async function setState(uids: string[], values: PgUpdateSetSource<typeof mails>) {
  await t.db.update(mails).set(values).where(inArray(mails.referenceUid, uids));
}

/** Logs `count` attempts of a mail, as the worker's outcomes would: what the lists count as its attempts. */
async function logAttempts(uid: string, count: number, outcome: 'retrying' | 'failed' | 'delivered') {
  await t.db.insert(mailAttempts).values(Array.from({ length: count }, () => ({ mailUid: uid, outcome })));
}

const secondsAgo = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;

describe('POST /send/', () => {
  test('queues a mail and answers 202 with its reference uid', async () => {
    const mail = aMail({ to: ['anna@example.org', 'ben@example.org'], cc: ['carla@example.org'] });
    const response = await t.as({ method: 'POST', url: `${MAIL}/send/`, payload: mail });
    expect(response.statusCode).toBe(202);
    const { reference_uid } = response.json();
    expect(reference_uid).toMatch(/^[0-9a-f-]{36}$/);
    const queued = await list<{ reference_uid: string }>(t, '');
    expect(queued.find((entry) => entry.reference_uid === reference_uid)).toEqual({
      reference_uid,
      mail,
      requested_time: expect.closeTo(nowSeconds(), -1),
      attempt: 0,
    });
  });

  test('cc is optional', async () => {
    const { cc: _cc, ...withoutCc } = aMail();
    const uid = await sendMail(t, withoutCc);
    expect((await mailRow(t, uid)).cc).toEqual([]);
  });

  test.each([
    ['a malformed sender', { sender: 'office at caredesk' }, 'sender'],
    ['a sender with a display name', { sender: 'Office <office@caredesk.example>' }, 'sender'],
    ['no recipient', { to: [] }, 'to'],
    ['a missing to', { to: undefined }, 'to'],
    ['to as text', { to: 'anna@example.org' }, 'to'],
    ['a malformed recipient', { to: ['anna@example.org', 'ben@'] }, 'to.1'],
    ['a recipient with a line break', { to: ['anna@example.org\r\nRCPT TO:<x@example.org>'] }, 'to.0'],
    ['a malformed cc', { cc: ['carla'] }, 'cc.0'],
    ['a subject with a line break', { subject: 'Hello\r\nBcc: eve@example.org' }, 'subject'],
    ['a missing subject', { subject: undefined }, 'subject'],
    ['a message that is not text', { message: 42 }, 'message'],
    ['an unknown field', { bcc: ['eve@example.org'] }, 'bcc'],
  ])('with %s is refused with 400 naming the field, nothing queued', async (_case, change, field) => {
    const before = await countRows(t, mails);
    const response = await t.as({ method: 'POST', url: `${MAIL}/send/`, payload: { ...aMail(), ...change } });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 400, field });
    expect(await countRows(t, mails)).toBe(before);
  });

  test('malformed JSON is refused, nothing queued', async () => {
    const before = await countRows(t, mails);
    const response = await t.as({
      method: 'POST',
      url: `${MAIL}/send/`,
      headers: { 'content-type': 'application/json' },
      payload: '{"sender":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, field: 'body' });
    expect(await countRows(t, mails)).toBe(before);
  });
});

describe('enqueueMail (in-process)', () => {
  test('queues a valid mail', async () => {
    const uid = await enqueueMail(t.db, aMail({ subject: 'From a module' }));
    expect(await mailRow(t, uid)).toMatchObject({ state: 'queued', subject: 'From a module', attempts: 0 });
  });

  test('refuses an invalid mail with a 400 problem naming the field', async () => {
    const before = await countRows(t, mails);
    const error = await enqueueMail(t.db, aMail({ to: ['not an address'] })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpProblem);
    expect(error).toMatchObject({ status: 400, extensions: { field: 'to.0' } });
    expect(await countRows(t, mails)).toBe(before);
  });
});

describe('the lists', () => {
  let delivered: string[];
  let retrying: string[];
  let failed: string[];

  beforeAll(async () => {
    const send = (subject: string) => enqueueMail(t.db, aMail({ subject }));
    delivered = [await send('delivered older'), await send('delivered newer')];
    retrying = [await send('retrying later'), await send('retrying sooner')];
    failed = [await send('failed older'), await send('failed newer')];
    await setState([delivered[0]], {
      state: 'delivered',
      attempts: 1,
      completedAt: secondsAgo(60),
      nextAttemptAt: null,
    });
    await setState([delivered[1]], {
      state: 'delivered',
      attempts: 2,
      completedAt: secondsAgo(10),
      nextAttemptAt: null,
    });
    await setState([retrying[0]], {
      state: 'retrying',
      attempts: 2,
      errorMessage: '451 try later',
      nextAttemptAt: sql`now() + interval '600 seconds'`,
    });
    await setState([retrying[1]], {
      state: 'retrying',
      attempts: 1,
      errorMessage: '451 try later',
      nextAttemptAt: sql`now() + interval '300 seconds'`,
    });
    await setState([failed[0]], {
      state: 'failed',
      attempts: 10,
      errorMessage: '550 no such user',
      completedAt: secondsAgo(60),
      nextAttemptAt: null,
    });
    await setState([failed[1]], {
      state: 'failed',
      attempts: 1,
      errorMessage: '550 no such user',
      completedAt: secondsAgo(10),
      nextAttemptAt: null,
    });
    await logAttempts(retrying[0], 2, 'retrying');
    await logAttempts(retrying[1], 1, 'retrying');
    await logAttempts(failed[0], 10, 'failed');
    await logAttempts(failed[1], 1, 'failed');
  });

  const uidsOf = (entries: { reference_uid: string }[]) => entries.map((entry) => entry.reference_uid);
  const only = (entries: { reference_uid: string }[], uids: string[]) =>
    uidsOf(entries).filter((uid) => uids.includes(uid));

  test('queue: queued mails only, newest request first', async () => {
    const older = await enqueueMail(t.db, aMail({ subject: 'older' }));
    const newer = await enqueueMail(t.db, aMail({ subject: 'newer' }));
    await setState([older], { requestedAt: secondsAgo(30) });
    const queue = await list<{ reference_uid: string }>(t, '');
    expect(only(queue, [older, newer])).toEqual([newer, older]);
    expect(only(queue, [...delivered, ...retrying, ...failed])).toEqual([]);
  });

  test('delivered: newest delivery first, with the delivery time', async () => {
    const entries = await list<{ reference_uid: string; delivered: number; requested_time: number }>(t, 'delivered/');
    expect(uidsOf(entries)).toEqual([delivered[1], delivered[0]]);
    expect(entries[0]).toEqual({
      reference_uid: delivered[1],
      mail: aMail({ subject: 'delivered newer' }),
      requested_time: expect.closeTo(nowSeconds(), -1),
      delivered: expect.closeTo(nowSeconds() - 10, -1),
      refused: [],
    });
  });

  test('failed-temporarily: next attempt first, with error, attempt and next attempt', async () => {
    const entries = await list<{ reference_uid: string }>(t, 'failed-temporarily/');
    expect(uidsOf(entries)).toEqual([retrying[1], retrying[0]]);
    expect(entries[0]).toEqual({
      reference_uid: retrying[1],
      mail: aMail({ subject: 'retrying sooner' }),
      requested_time: expect.closeTo(nowSeconds(), -1),
      attempt: 1,
      error_message: '451 try later',
      next_attempt: expect.closeTo(nowSeconds() + 300, -1),
    });
  });

  test('failed-permanently: latest failure first, with error and attempts', async () => {
    const entries = await list<{ reference_uid: string }>(t, 'failed-permanently/');
    expect(uidsOf(entries)).toEqual([failed[1], failed[0]]);
    expect(entries[1]).toEqual({
      reference_uid: failed[0],
      mail: aMail({ subject: 'failed older' }),
      requested_time: expect.closeTo(nowSeconds(), -1),
      error_message: '550 no such user',
      attempts: 10,
    });
  });

  test.each(['', 'delivered/', 'failed-temporarily/', 'failed-permanently/'])(
    '%s takes a limit of 1..10000',
    async (path) => {
      const limited = await t.as({ method: 'GET', url: `${MAIL}/administration/queue/${path}?limit=1` });
      expect(limited.statusCode).toBe(200);
      expect(limited.json()).toHaveLength(1);
      for (const bad of ['0', '-1', '10001', 'many']) {
        const response = await t.as({ method: 'GET', url: `${MAIL}/administration/queue/${path}?limit=${bad}` });
        expect(response.statusCode).toBe(400);
        expect(response.json().field).toBe('limit');
      }
      const unknown = await t.as({ method: 'GET', url: `${MAIL}/administration/queue/${path}?offset=1` });
      expect(unknown.statusCode).toBe(400);
    },
  );

  describe('requeue', () => {
    const requeue = (uids: unknown) =>
      t.as({ method: 'POST', url: `${MAIL}/administration/queue/failed-permanently/requeue/`, payload: { uids } });

    test('refuses unknown or not permanently failed uids with 404 on uids, changing nothing', async () => {
      const stillFailed = await enqueueMail(t.db, aMail());
      await setState([stillFailed], { state: 'failed', attempts: 3, errorMessage: 'gave up', completedAt: sql`now()` });
      for (const other of ['00000000-0000-4000-8000-000000000000', delivered[0], retrying[0]]) {
        const response = await requeue([stillFailed, other]);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ status: 404, field: 'uids' });
        expect(response.json().detail).toContain(other);
      }
      expect(await mailRow(t, stillFailed)).toMatchObject({ state: 'failed', attempts: 3 });
    });

    test.each([
      ['an empty list', []],
      ['a malformed uid', ['mail-1']],
      ['no list', 'a'],
    ])('refuses %s with 400', async (_case, uids) => {
      const response = await requeue(uids);
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toMatch(/^uids/);
    });

    test('puts permanently failed mails back in the queue with their retry budget reset; the lists still count the attempts made', async () => {
      const response = await requeue([failed[0], failed[1].toUpperCase(), failed[0]]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ requeued: [failed[0], failed[1]] });
      for (const uid of failed) {
        expect(await mailRow(t, uid)).toMatchObject({
          state: 'queued',
          attempts: 0,
          errorMessage: null,
          completedAt: null,
        });
      }
      const queue = await list<{ reference_uid: string; attempt: number }>(t, '');
      // newest request first: failed[1] (1 attempt logged), then failed[0] (10)
      expect(queue.filter((entry) => failed.includes(entry.reference_uid)).map((entry) => entry.attempt)).toEqual([
        1, 10,
      ]);
      expect(only(await list(t, 'failed-permanently/'), failed)).toEqual([]);
    });
  });
});
