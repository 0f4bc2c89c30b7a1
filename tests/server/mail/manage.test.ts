import { eq } from 'drizzle-orm';
import { mailAccounts, mailProviders, mails } from '../../../server/db/schema';
import { adminActor, justNow, withEvents } from '../support/audit-helpers';
import { createTestApp, type TestApp } from '../support/helpers';
import { addAccount, addProvider, aMail, countRows, deliverDue, list, MAIL, mailRow, mailWorker, makeDue, sendMail } from '../support/mail-helpers';
import { startSmtpPeer, type SmtpPeer, type SmtpPeerOptions } from '../support/smtp-peer';

/** Disabling and deleting providers and accounts, Retry now, expression errors in words, and attempts counted alike everywhere. */

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

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.as({ method, url: `${MAIL}${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

let domains = 0;
const aDomain = () => `manage${++domains}.example`;
const expressionFor = (domain: string) => `@${domain.replaceAll('.', '\\.')}$`;

describe('disabling', () => {
  test('a provider is enabled when created, and PUT with the body GET returned disables and enables it, each audited once', async () => {
    const created = await addProvider(t, { port: 2525, name: 'Switch relay' });
    expect(created).toMatchObject({ disabled: false });

    const read = (await call('GET', `/administration/providers/${created.uid}/`)).json();
    const { result: disabled, events } = await withEvents(t, () => call('PUT', `/administration/providers/${created.uid}/`, { ...read, disabled: true }));
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toEqual({ ...read, disabled: true });
    expect(events).toEqual([
      {
        ...justNow(),
        actor: await adminActor(t),
        address: expect.any(String),
        action: 'mail-provider.disable',
        target: { type: 'mail-provider', id: created.uid, label: 'Switch relay' },
        changes: { disabled: true },
      },
    ]);
    const [row] = await t.db.select().from(mailProviders).where(eq(mailProviders.uid, created.uid));
    expect(row!.disabledAt).toBeInstanceOf(Date);

    // the body GET returns is accepted as it is: nothing changes, an update event with no changes
    const again = await withEvents(t, () => call('PUT', `/administration/providers/${created.uid}/`, disabled.json()));
    expect(again.result.json()).toEqual(disabled.json());
    expect(again.events.map((event) => [event.action, event.changes])).toEqual([['mail-provider.update', {}]]);

    const enabled = await withEvents(t, () => call('PUT', `/administration/providers/${created.uid}/`, { ...read, name: 'Switched relay', disabled: false }));
    expect(enabled.result.json()).toMatchObject({ name: 'Switched relay', disabled: false });
    expect(enabled.events.map((event) => [event.action, event.changes])).toEqual([
      ['mail-provider.update', { name: 'Switched relay' }],
      ['mail-provider.enable', { disabled: false }],
    ]);
  });

  test('a provider or account created disabled says so; a PUT without the flag leaves it as it is', async () => {
    const provider = (await call('POST', '/administration/providers/', { name: 'Cold relay', host: 'smtp.example.org', port: 25, security: 'none', disabled: true })).json();
    expect(provider.disabled).toBe(true);
    const { disabled: _flag, uid: _uid, ...fields } = provider;
    expect((await call('PUT', `/administration/providers/${provider.uid}/`, fields)).json()).toMatchObject({ disabled: true });

    const account = await call('POST', '/administration/accounts/', { expression: '@cold\\.example$', provider: { uid: provider.uid }, credentials: null, disabled: true });
    expect(account.statusCode).toBe(201);
    expect(account.json()).toMatchObject({ disabled: true, provider: { uid: provider.uid, disabled: true } });
  });

  test('an account returns its flag and its provider\'s; PUT with the body GET returned disables it', async () => {
    const provider = await addProvider(t, { port: 2525 });
    const account = await addAccount(t, { expression: '@flag\\.example$', provider: { uid: provider.uid }, credentials: { username: 'office', password: 'flag-secret-pass' } });
    const read = (await call('GET', `/administration/accounts/${account.uid}/`)).json();
    expect(read).toEqual({
      uid: account.uid,
      expression: '@flag\\.example$',
      provider: { uid: provider.uid, name: provider.name, host: provider.host, disabled: false },
      credentials: { username: 'office' },
      disabled: false,
    });

    const { result, events } = await withEvents(t, () => call('PUT', `/administration/accounts/${account.uid}/`, { ...read, disabled: true }));
    expect(result.statusCode).toBe(200);
    expect(result.json()).toEqual({ ...read, disabled: true });
    expect(events.map((event) => [event.action, event.target, event.changes])).toEqual([
      ['mail-account.disable', { type: 'mail-account', id: account.uid, label: '@flag\\.example$' }, { disabled: true }],
    ]);
    // the stored credentials stay
    const [row] = await t.db.select().from(mailAccounts).where(eq(mailAccounts.uid, account.uid));
    expect(row).toMatchObject({ username: 'office', encryptedPassword: expect.any(String) });

    const wrongFlag = await call('PUT', `/administration/accounts/${account.uid}/`, { ...read, provider: { ...read.provider, disabled: true } });
    expect(wrongFlag.statusCode).toBe(400);
    expect(wrongFlag.json()).toMatchObject({ type: '/problems/read-only-field', field: 'provider.disabled' });
  });

  test('the flag must be a boolean', async () => {
    const response = await call('POST', '/administration/providers/', { name: 'Odd relay', host: 'smtp.example.org', port: 25, security: 'none', disabled: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'disabled' });
  });
});

describe('routing skips what is disabled', () => {
  test('a disabled account is passed over for the next matching one; enabled again, it delivers again', async () => {
    const [first, second] = [await peer(), await peer()];
    const domain = aDomain();
    const firstProvider = await addProvider(t, { port: first.port });
    const secondProvider = await addProvider(t, { port: second.port });
    const firstAccount = await addAccount(t, { expression: expressionFor(domain), provider: { uid: firstProvider.uid }, credentials: null });
    await addAccount(t, { expression: expressionFor(domain), provider: { uid: secondProvider.uid }, credentials: null });
    const worker = mailWorker(t);
    const switchAccount = async (disabled: boolean) => {
      const read = (await call('GET', `/administration/accounts/${firstAccount.uid}/`)).json();
      expect((await call('PUT', `/administration/accounts/${firstAccount.uid}/`, { ...read, disabled })).statusCode).toBe(200);
    };
    try {
      await sendMail(t, aMail({ sender: `office@${domain}`, subject: 'before' }));
      await worker.deliverDue();
      await switchAccount(true);
      await sendMail(t, aMail({ sender: `office@${domain}`, subject: 'while disabled' }));
      await worker.deliverDue();
      await switchAccount(false);
      await sendMail(t, aMail({ sender: `office@${domain}`, subject: 'after' }));
      await worker.deliverDue();
    } finally {
      await worker.stop();
    }
    expect(first.received.map((mail) => mail.subject)).toEqual(['before', 'after']);
    expect(second.received.map((mail) => mail.subject)).toEqual(['while disabled']);
  });

  test("a disabled provider's accounts are passed over", async () => {
    const [first, second] = [await peer(), await peer()];
    const domain = aDomain();
    const firstProvider = await addProvider(t, { port: first.port });
    const secondProvider = await addProvider(t, { port: second.port });
    await addAccount(t, { expression: expressionFor(domain), provider: { uid: firstProvider.uid }, credentials: null });
    await addAccount(t, { expression: expressionFor(domain), provider: { uid: secondProvider.uid }, credentials: null });
    const { uid: _uid, ...fields } = firstProvider;
    expect((await call('PUT', `/administration/providers/${firstProvider.uid}/`, { ...fields, disabled: true })).statusCode).toBe(200);

    await sendMail(t, aMail({ sender: `office@${domain}` }));
    await deliverDue(t);
    expect(first.received).toHaveLength(0);
    expect(second.received).toHaveLength(1);
  });

  test('a mail whose only matching accounts are disabled waits for them (retrying); enabled again, its next attempt delivers it', async () => {
    const smtp = await peer();
    const domain = aDomain();
    const provider = await addProvider(t, { port: smtp.port });
    const account = await addAccount(t, { expression: expressionFor(domain), provider: { uid: provider.uid }, credentials: null });
    const read = (await call('GET', `/administration/accounts/${account.uid}/`)).json();
    await call('PUT', `/administration/accounts/${account.uid}/`, { ...read, disabled: true });

    const uid = await sendMail(t, aMail({ sender: `office@${domain}` }));
    await deliverDue(t);
    expect(await mailRow(t, uid)).toMatchObject({ state: 'retrying', errorMessage: `Every account that matches the sender office@${domain} is disabled.` });
    expect(smtp.received).toHaveLength(0);

    await call('PUT', `/administration/accounts/${account.uid}/`, { ...read, disabled: false });
    expect((await call('POST', '/administration/queue/failed-temporarily/retry-now/', { uids: [uid] })).json()).toEqual({ moved: 1 });
    await deliverDue(t);
    expect(await mailRow(t, uid)).toMatchObject({ state: 'delivered' });
    expect(smtp.received).toHaveLength(1);
  });

  test('a sender that no account matches, enabled or not, still fails at once', async () => {
    const uid = await sendMail(t, aMail({ sender: `office@${aDomain()}` }));
    await deliverDue(t);
    expect(await mailRow(t, uid)).toMatchObject({ state: 'failed', errorMessage: expect.stringMatching(/^No account matches the sender/) });
  });
});

describe('deleting', () => {
  test('a provider deleted while an account for it is stored: one of the two wins, the other is refused in words, never a 500', async () => {
    for (let round = 0; round < 8; round++) {
      const provider = await addProvider(t, { port: 2525, name: `Raced relay ${round}` });
      const [deleted, created] = await Promise.all([
        call('DELETE', `/administration/providers/${provider.uid}/`),
        call('POST', '/administration/accounts/', { expression: `@raced-${round}\\.example$`, provider: { uid: provider.uid }, credentials: null }),
      ]);
      const outcome = [deleted.statusCode, created.statusCode];
      expect([[409, 201], [204, 400]], `${deleted.body} ${created.body}`).toContainEqual(outcome);
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
    expect(refused.json().detail).toBe('The provider cannot be deleted: 2 accounts use it. Delete those accounts or give them another provider first.');
    expect((await call('GET', `/administration/providers/${provider.uid}/`)).statusCode).toBe(200);

    await call('DELETE', `/administration/accounts/${accounts[0]!.uid}/`);
    expect((await call('DELETE', `/administration/providers/${provider.uid}/`)).json().detail).toContain('1 account uses it');

    const { result, events } = await withEvents(t, async () => [
      await call('DELETE', `/administration/accounts/${accounts[1]!.uid}/`),
      await call('DELETE', `/administration/providers/${provider.uid}/`),
    ]);
    expect(result.map((response) => [response.statusCode, response.body])).toEqual([
      [204, ''],
      [204, ''],
    ]);
    expect(events.map((event) => [event.action, event.target])).toEqual([
      ['mail-account.delete', { type: 'mail-account', id: accounts[1]!.uid, label: '@doomed-two\\.example$' }],
      ['mail-provider.delete', { type: 'mail-provider', id: provider.uid, label: 'Doomed relay' }],
    ]);
    expect((await call('GET', `/administration/providers/${provider.uid}/`)).statusCode).toBe(404);
    expect((await call('GET', `/administration/accounts/${accounts[1]!.uid}/`)).statusCode).toBe(404);
    expect((await call('DELETE', `/administration/providers/${provider.uid}/`)).json()).toMatchObject({ status: 404, type: '/problems/provider-not-found' });
    expect((await call('DELETE', `/administration/accounts/${accounts[1]!.uid}/`)).json()).toMatchObject({ status: 404, type: '/problems/account-not-found' });
  });

  test('a deleted provider stays in the attempts of the mail log as it was', async () => {
    const smtp = await peer();
    const domain = aDomain();
    const provider = await addProvider(t, { port: smtp.port, name: 'Former relay' });
    const account = await addAccount(t, { expression: expressionFor(domain), provider: { uid: provider.uid }, credentials: null });
    const uid = await sendMail(t, aMail({ sender: `office@${domain}` }));
    await deliverDue(t);
    expect((await call('DELETE', `/administration/accounts/${account.uid}/`)).statusCode).toBe(204);
    expect((await call('DELETE', `/administration/providers/${provider.uid}/`)).statusCode).toBe(204);
    const detail = (await call('GET', `/administration/mails/${uid}/`)).json();
    expect(detail.attempts).toEqual([expect.objectContaining({ outcome: 'delivered', provider: { uid: provider.uid, name: 'Former relay', host: '127.0.0.1' } })]);
  });

  test('a malformed uid is a 400 naming it', async () => {
    expect((await call('DELETE', '/administration/accounts/not-a-uid/')).json()).toMatchObject({ status: 400, field: 'uid' });
  });
});

describe('Retry now', () => {
  const retryNow = (uids: unknown) => call('POST', '/administration/queue/failed-temporarily/retry-now/', { uids });

  test('makes the named retrying mails due now, counts only those, and audits each without addresses', async () => {
    const smtp = await peer({ reply: () => ({ code: 451, message: 'Greylisted, try again later' }) });
    const domain = aDomain();
    const provider = await addProvider(t, { port: smtp.port });
    await addAccount(t, { expression: expressionFor(domain), provider: { uid: provider.uid }, credentials: null });
    const retrying = await sendMail(t, aMail({ sender: `office@${domain}`, to: ['anna@example.org', 'ben@example.org'], cc: ['carla@example.org'] }));
    const queued = await sendMail(t, aMail({ sender: 'nobody@unrouted-retry.example' }));
    await t.db.update(mails).set({ nextAttemptAt: new Date(Date.now() + 3_600_000) }).where(eq(mails.referenceUid, queued));
    await deliverDue(t);
    const before = await mailRow(t, retrying);
    expect(before).toMatchObject({ state: 'retrying' });
    expect(before!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 60_000);

    const { result, events } = await withEvents(t, () => retryNow([retrying, retrying.toUpperCase(), queued, '00000000-0000-4000-8000-0000000000aa']));
    expect(result.statusCode).toBe(200);
    expect(result.json()).toEqual({ moved: 1 });
    const after = await mailRow(t, retrying);
    expect(after).toMatchObject({ state: 'retrying', attempts: 1 });
    expect(after!.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await mailRow(t, queued))!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 60_000);
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
    const response = await call('POST', '/administration/accounts/', { expression, provider: { uid: provider.uid }, credentials: null });
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
    expect((await call('POST', '/administration/queue/failed-permanently/requeue/', { uids: [uid] })).statusCode).toBe(200);

    // queued again: the earlier attempt still counts
    const logItem = async () => (await call('GET', `/administration/mails/?query=${encodeURIComponent(uid)}`)).json().items.find((item: { reference_uid: string }) => item.reference_uid === uid);
    expect((await list<{ reference_uid: string; attempt: number }>(t, '')).find((entry) => entry.reference_uid === uid)?.attempt).toBe(1);

    smtp.reply = () => ({ code: 451, message: 'Try again later' });
    await deliverDue(t);
    expect((await list<{ reference_uid: string; attempt: number }>(t, 'failed-temporarily/')).find((entry) => entry.reference_uid === uid)?.attempt).toBe(2);

    smtp.reply = () => ({ code: 550, message: 'Mailbox unavailable' });
    await makeDue(t, uid);
    await deliverDue(t);
    const detail = (await call('GET', `/administration/mails/${uid}/`)).json();
    expect(detail.attempts.map((attempt: { outcome: string }) => attempt.outcome)).toEqual(['failed', 'retrying', 'failed']);
    expect((await logItem())?.attempts).toBe(3);
    expect((await list<{ reference_uid: string; attempts: number }>(t, 'failed-permanently/')).find((entry) => entry.reference_uid === uid)?.attempts).toBe(3);
  });
});

describe('mail events name no address', () => {
  test('send, requeue, resend and cancel say how many recipients, with the reference uid as target and no label', async () => {
    const mail = aMail({ sender: 'office@unrouted-audit.example', to: ['anna@example.org', 'ben@example.org'], cc: [] });
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
