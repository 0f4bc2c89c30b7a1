import { eq } from 'drizzle-orm';
import { mailAccounts, mails } from '../../../server/db/schema';
import { adminActor, justNow, withEvents } from '../support/audit-helpers';
import { createTestApp, type TestApp } from '../support/helpers';
import {
  addAccount,
  addProvider,
  aMail,
  countRows,
  deliverDue,
  list,
  mailRow,
  makeDue,
  sendMail,
} from '../support/mail-helpers';
import { aDomain, expressionFor, mailCaller } from './manage-helpers';
import { smtpPeers } from './peers';

/** Deleting providers and accounts, Retry now, expression errors in words, attempts counted alike everywhere, and mail events. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const { peer } = smtpPeers(() => t);
const call = mailCaller(() => t);

describe('deleting', () => {
  test('a provider deleted while an account for it is stored: one of the two wins, the other is refused in words, never a 500', async () => {
    for (let round = 0; round < 8; round++) {
      const provider = await addProvider(t, { port: 2525, name: `Raced relay ${round}` });
      const [deleted, created] = await Promise.all([
        call('DELETE', `/administration/providers/${provider.uid}/`),
        call('POST', '/administration/accounts/', {
          expression: `@raced-${round}\\.example$`,
          provider: { uid: provider.uid },
          credentials: null,
        }),
      ]);
      const outcome = [deleted.statusCode, created.statusCode];
      expect(
        [
          [409, 201],
          [204, 400],
        ],
        `${deleted.body} ${created.body}`,
      ).toContainEqual(outcome);
      if (created.statusCode === 400) expect(created.json()).toMatchObject({ field: 'provider' });
    }
  });

  test('a provider that accounts use is refused with 409 saying how many; without accounts it is deleted for good, each deletion audited', async () => {
    const provider = await addProvider(t, { port: 2525, name: 'Doomed relay' });
    const accounts = [
      await addAccount(t, { expression: '@doomed-one\\.example$', provider: { uid: provider.uid }, credentials: null }),
      await addAccount(t, { expression: '@doomed-two\\.example$', provider: { uid: provider.uid }, credentials: null }),
    ];

    const refused = await call('DELETE', `/administration/providers/${provider.uid}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({ type: '/problems/provider-in-use', status: 409, accounts: 2 });
    expect(refused.json().detail).toBe(
      'The provider cannot be deleted: 2 accounts use it. Delete those accounts or give them another provider first.',
    );
    expect((await call('GET', `/administration/providers/${provider.uid}/`)).statusCode).toBe(200);

    await call('DELETE', `/administration/accounts/${accounts[0].uid}/`);
    expect((await call('DELETE', `/administration/providers/${provider.uid}/`)).json().detail).toContain(
      '1 account uses it',
    );

    const { result, events } = await withEvents(t, async () => [
      await call('DELETE', `/administration/accounts/${accounts[1].uid}/`),
      await call('DELETE', `/administration/providers/${provider.uid}/`),
    ]);
    expect(result.map((response) => [response.statusCode, response.body])).toEqual([
      [204, ''],
      [204, ''],
    ]);
    expect(events.map((event) => [event.action, event.target])).toEqual([
      ['mail-account.delete', { type: 'mail-account', id: accounts[1].uid, label: '@doomed-two\\.example$' }],
      ['mail-provider.delete', { type: 'mail-provider', id: provider.uid, label: 'Doomed relay' }],
    ]);
    expect((await call('GET', `/administration/providers/${provider.uid}/`)).statusCode).toBe(404);
    expect((await call('GET', `/administration/accounts/${accounts[1].uid}/`)).statusCode).toBe(404);
    expect((await call('DELETE', `/administration/providers/${provider.uid}/`)).json()).toMatchObject({
      status: 404,
      type: '/problems/provider-not-found',
    });
    expect((await call('DELETE', `/administration/accounts/${accounts[1].uid}/`)).json()).toMatchObject({
      status: 404,
      type: '/problems/account-not-found',
    });
  });

  test('a deleted provider stays in the attempts of the mail log as it was', async () => {
    const smtp = await peer();
    const domain = aDomain();
    const provider = await addProvider(t, { port: smtp.port, name: 'Former relay' });
    const account = await addAccount(t, {
      expression: expressionFor(domain),
      provider: { uid: provider.uid },
      credentials: null,
    });
    const uid = await sendMail(t, aMail({ sender: `office@${domain}` }));
    await deliverDue(t);
    expect((await call('DELETE', `/administration/accounts/${account.uid}/`)).statusCode).toBe(204);
    expect((await call('DELETE', `/administration/providers/${provider.uid}/`)).statusCode).toBe(204);
    const detail = (await call('GET', `/administration/mails/${uid}/`)).json();
    expect(detail.attempts).toEqual([
      expect.objectContaining({
        outcome: 'delivered',
        provider: { uid: provider.uid, name: 'Former relay', host: '127.0.0.1' },
      }),
    ]);
  });

  test('a malformed uid is a 400 naming it', async () => {
    expect((await call('DELETE', '/administration/accounts/not-a-uid/')).json()).toMatchObject({
      status: 400,
      field: 'uid',
    });
  });
});

describe('Retry now', () => {
  const retryNow = (uids: unknown) => call('POST', '/administration/queue/failed-temporarily/retry-now/', { uids });

  test('makes the named retrying mails due now, counts only those, and audits each without addresses', async () => {
    const smtp = await peer({ reply: () => ({ code: 451, message: 'Greylisted, try again later' }) });
    const domain = aDomain();
    const provider = await addProvider(t, { port: smtp.port });
    await addAccount(t, { expression: expressionFor(domain), provider: { uid: provider.uid }, credentials: null });
    const retrying = await sendMail(
      t,
      aMail({ sender: `office@${domain}`, to: ['anna@example.org', 'ben@example.org'], cc: ['carla@example.org'] }),
    );
    const queued = await sendMail(t, aMail({ sender: 'nobody@unrouted-retry.example' }));
    await t.db
      .update(mails)
      .set({ nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .where(eq(mails.referenceUid, queued));
    await deliverDue(t);
    const before = await mailRow(t, retrying);
    expect(before).toMatchObject({ state: 'retrying' });
    expect(before.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 60_000);

    const { result, events } = await withEvents(t, () =>
      retryNow([retrying, retrying.toUpperCase(), queued, '00000000-0000-4000-8000-0000000000aa']),
    );
    expect(result.statusCode).toBe(200);
    expect(result.json()).toEqual({ moved: 1 });
    const after = await mailRow(t, retrying);
    expect(after).toMatchObject({ state: 'retrying', attempts: 1 });
    expect(after.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await mailRow(t, queued)).nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect(events).toEqual([
      {
        ...justNow(),
        actor: await adminActor(t),
        address: expect.any(String),
        action: 'mail.retry-now',
        target: { type: 'mail', id: retrying, label: null },
        changes: { next_attempt: 'now', recipients_count: 3 },
      },
    ]);
    expect(JSON.stringify(events)).not.toMatch(/@/);

    // due now: the next delivery tries it at once
    smtp.reply = () => undefined;
    await deliverDue(t);
    expect(await mailRow(t, retrying)).toMatchObject({ state: 'delivered' });
    expect((await retryNow([retrying])).json()).toEqual({ moved: 0 });
  });

  test('an empty or malformed list is a 400 naming uids', async () => {
    expect((await retryNow([])).json()).toMatchObject({ status: 400, field: 'uids' });
    expect((await retryNow(['nope'])).json()).toMatchObject({ status: 400, field: 'uids.0' });
  });
});

describe('an invalid expression says what is wrong', () => {
  test.each([
    ['([', 'unclosed-class', '[', 'a [ is never closed by ]'],
    ['(office', 'unclosed-group', '(office', 'a ( is never closed by )'],
    ['office)', 'unopened-group', 'office)', 'a ) closes no ('],
    ['[z-a]', 'invalid-class-range', 'z-a', 'a character class or range is invalid'],
    ['a{3,1}', 'invalid-repeat-count', '{3,1}', 'a repeat count {n,m} is invalid'],
    ['*office', 'missing-repeat-argument', '*', '*, + or ? follows nothing it could repeat'],
    ['(?=office)', 'lookaround', '(?=', 'lookahead and lookbehind'],
    ['(?<!x)office', 'lookaround', '(?<!x)office', 'lookahead and lookbehind'],
    ['(a)\\1', 'backreference', '\\1', 'backreferences'],
    ['office\\', 'trailing-backslash', null, 'it ends with a lone backslash'],
  ])('%s: %s', async (expression, reason, at, words) => {
    const provider = await addProvider(t, { port: 2525 });
    const before = await countRows(t, mailAccounts);
    const response = await call('POST', '/administration/accounts/', {
      expression,
      provider: { uid: provider.uid },
      credentials: null,
    });
    expect(response.statusCode).toBe(400);
    const problem = response.json();
    expect(problem).toMatchObject({ type: '/problems/invalid-expression', field: 'expression', reason });
    expect(problem.at ?? null).toBe(at);
    expect(problem.detail).toContain(`expression is not a valid regular expression: ${words}`);
    expect(await countRows(t, mailAccounts)).toBe(before);
  });
});

describe('attempts are counted alike everywhere', () => {
  test('a requeued mail: the log, its detail and the lists count every attempt, across the requeue', async () => {
    const smtp = await peer({ reply: () => ({ code: 550, message: 'Mailbox unavailable' }) });
    const domain = aDomain();
    const provider = await addProvider(t, { port: smtp.port });
    await addAccount(t, { expression: expressionFor(domain), provider: { uid: provider.uid }, credentials: null });
    const uid = await sendMail(t, aMail({ sender: `office@${domain}` }));
    await deliverDue(t);
    expect(await mailRow(t, uid)).toMatchObject({ state: 'failed' });
    expect((await call('POST', '/administration/queue/failed-permanently/requeue/', { uids: [uid] })).statusCode).toBe(
      200,
    );

    // queued again: the earlier attempt still counts
    const logItem = async () =>
      (await call('GET', `/administration/mails/?query=${encodeURIComponent(uid)}`))
        .json()
        .items.find((item: { reference_uid: string }) => item.reference_uid === uid);
    expect(
      (await list<{ reference_uid: string; attempt: number }>(t, '')).find((entry) => entry.reference_uid === uid)
        ?.attempt,
    ).toBe(1);

    smtp.reply = () => ({ code: 451, message: 'Try again later' });
    await deliverDue(t);
    expect(
      (await list<{ reference_uid: string; attempt: number }>(t, 'failed-temporarily/')).find(
        (entry) => entry.reference_uid === uid,
      )?.attempt,
    ).toBe(2);

    smtp.reply = () => ({ code: 550, message: 'Mailbox unavailable' });
    await makeDue(t, uid);
    await deliverDue(t);
    const detail = (await call('GET', `/administration/mails/${uid}/`)).json();
    expect(detail.attempts.map((attempt: { outcome: string }) => attempt.outcome)).toEqual([
      'failed',
      'retrying',
      'failed',
    ]);
    expect((await logItem())?.attempts).toBe(3);
    expect(
      (await list<{ reference_uid: string; attempts: number }>(t, 'failed-permanently/')).find(
        (entry) => entry.reference_uid === uid,
      )?.attempts,
    ).toBe(3);
  });
});

describe('mail events name no address', () => {
  test('send, requeue, resend and cancel say how many recipients, with the reference uid as target and no label', async () => {
    const mail = aMail({
      sender: 'office@unrouted-audit.example',
      to: ['anna@example.org', 'ben@example.org'],
      cc: [],
    });
    const { result: uid, events: sent } = await withEvents(t, () => sendMail(t, mail));
    await deliverDue(t);
    const { events } = await withEvents(t, async () => {
      await call('POST', '/administration/queue/failed-permanently/requeue/', { uids: [uid] });
      const resent = (await call('POST', `/administration/mails/${uid}/resend/`)).json();
      await call('POST', `/administration/mails/${resent.reference_uid}/cancel/`);
      return resent;
    });
    const all = [...sent, ...events];
    expect(all.map((event) => [event.action, event.target?.label, event.changes.recipients_count])).toEqual([
      ['mail.send', null, 2],
      ['mail.requeue', null, 2],
      ['mail.resend', null, 2],
      ['mail.cancel', null, 2],
    ]);
    expect(all.every((event) => event.target?.type === 'mail')).toBe(true);
    expect(JSON.stringify(all)).not.toMatch(/@/);
  });
});
