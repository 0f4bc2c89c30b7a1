import { eq } from 'drizzle-orm';
import { mailAccounts, mailProviders } from '../../../server/db/schema';
import { adminActor, justNow, withEvents } from '../support/audit-helpers';
import { createTestApp, type TestApp } from '../support/helpers';
import { addAccount, addProvider, aMail, deliverDue, mailRow, mailWorker, sendMail } from '../support/mail-helpers';
import { aDomain, expressionFor, mailCaller } from './manage-helpers';
import { smtpPeers } from './peers';

/** Disabling providers and accounts, and routing that passes over what is disabled. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const { peer } = smtpPeers(() => t);
const call = mailCaller(() => t);

describe('disabling', () => {
  test('a provider is enabled when created, and PUT with the body GET returned disables and enables it, each audited once', async () => {
    const created = await addProvider(t, { port: 2525, name: 'Switch relay' });
    expect(created).toMatchObject({ disabled: false });

    const read = (await call('GET', `/administration/providers/${created.uid}/`)).json();
    const { result: disabled, events } = await withEvents(t, () =>
      call('PUT', `/administration/providers/${created.uid}/`, { ...read, disabled: true }),
    );
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
    expect(row.disabledAt).toBeInstanceOf(Date);

    // the body GET returns is accepted as it is: nothing changes, an update event with no changes
    const again = await withEvents(t, () => call('PUT', `/administration/providers/${created.uid}/`, disabled.json()));
    expect(again.result.json()).toEqual(disabled.json());
    expect(again.events.map((event) => [event.action, event.changes])).toEqual([['mail-provider.update', {}]]);

    const enabled = await withEvents(t, () =>
      call('PUT', `/administration/providers/${created.uid}/`, { ...read, name: 'Switched relay', disabled: false }),
    );
    expect(enabled.result.json()).toMatchObject({ name: 'Switched relay', disabled: false });
    expect(enabled.events.map((event) => [event.action, event.changes])).toEqual([
      ['mail-provider.update', { name: 'Switched relay' }],
      ['mail-provider.enable', { disabled: false }],
    ]);
  });

  test('a provider or account created disabled says so; a PUT without the flag leaves it as it is', async () => {
    const provider = (
      await call('POST', '/administration/providers/', {
        name: 'Cold relay',
        host: 'smtp.example.org',
        port: 25,
        security: 'none',
        disabled: true,
      })
    ).json();
    expect(provider.disabled).toBe(true);
    const { disabled: _flag, uid: _uid, ...fields } = provider;
    expect((await call('PUT', `/administration/providers/${provider.uid}/`, fields)).json()).toMatchObject({
      disabled: true,
    });

    const account = await call('POST', '/administration/accounts/', {
      expression: '@cold\\.example$',
      provider: { uid: provider.uid },
      credentials: null,
      disabled: true,
    });
    expect(account.statusCode).toBe(201);
    expect(account.json()).toMatchObject({ disabled: true, provider: { uid: provider.uid, disabled: true } });
  });

  test("an account returns its flag and its provider's; PUT with the body GET returned disables it", async () => {
    const provider = await addProvider(t, { port: 2525 });
    const account = await addAccount(t, {
      expression: '@flag\\.example$',
      provider: { uid: provider.uid },
      credentials: { username: 'office', password: 'flag-secret-pass' },
    });
    const read = (await call('GET', `/administration/accounts/${account.uid}/`)).json();
    expect(read).toEqual({
      uid: account.uid,
      expression: '@flag\\.example$',
      provider: { uid: provider.uid, name: provider.name, host: provider.host, disabled: false },
      credentials: { username: 'office' },
      disabled: false,
    });

    const { result, events } = await withEvents(t, () =>
      call('PUT', `/administration/accounts/${account.uid}/`, { ...read, disabled: true }),
    );
    expect(result.statusCode).toBe(200);
    expect(result.json()).toEqual({ ...read, disabled: true });
    expect(events.map((event) => [event.action, event.target, event.changes])).toEqual([
      [
        'mail-account.disable',
        { type: 'mail-account', id: account.uid, label: '@flag\\.example$' },
        { disabled: true },
      ],
    ]);
    // the stored credentials stay
    const [row] = await t.db.select().from(mailAccounts).where(eq(mailAccounts.uid, account.uid));
    expect(row).toMatchObject({ username: 'office', encryptedPassword: expect.any(String) });

    const wrongFlag = await call('PUT', `/administration/accounts/${account.uid}/`, {
      ...read,
      provider: { ...read.provider, disabled: true },
    });
    expect(wrongFlag.statusCode).toBe(400);
    expect(wrongFlag.json()).toMatchObject({ type: '/problems/read-only-field', field: 'provider.disabled' });
  });

  test('the flag must be a boolean', async () => {
    const response = await call('POST', '/administration/providers/', {
      name: 'Odd relay',
      host: 'smtp.example.org',
      port: 25,
      security: 'none',
      disabled: 'yes',
    });
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
    const firstAccount = await addAccount(t, {
      expression: expressionFor(domain),
      provider: { uid: firstProvider.uid },
      credentials: null,
    });
    await addAccount(t, {
      expression: expressionFor(domain),
      provider: { uid: secondProvider.uid },
      credentials: null,
    });
    const worker = mailWorker(t);
    const switchAccount = async (disabled: boolean) => {
      const read = (await call('GET', `/administration/accounts/${firstAccount.uid}/`)).json();
      expect(
        (await call('PUT', `/administration/accounts/${firstAccount.uid}/`, { ...read, disabled })).statusCode,
      ).toBe(200);
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
    await addAccount(t, {
      expression: expressionFor(domain),
      provider: { uid: secondProvider.uid },
      credentials: null,
    });
    const { uid: _uid, ...fields } = firstProvider;
    expect(
      (await call('PUT', `/administration/providers/${firstProvider.uid}/`, { ...fields, disabled: true })).statusCode,
    ).toBe(200);

    await sendMail(t, aMail({ sender: `office@${domain}` }));
    await deliverDue(t);
    expect(first.received).toHaveLength(0);
    expect(second.received).toHaveLength(1);
  });

  test('a mail whose only matching accounts are disabled waits for them (retrying); enabled again, its next attempt delivers it', async () => {
    const smtp = await peer();
    const domain = aDomain();
    const provider = await addProvider(t, { port: smtp.port });
    const account = await addAccount(t, {
      expression: expressionFor(domain),
      provider: { uid: provider.uid },
      credentials: null,
    });
    const read = (await call('GET', `/administration/accounts/${account.uid}/`)).json();
    await call('PUT', `/administration/accounts/${account.uid}/`, { ...read, disabled: true });

    const uid = await sendMail(t, aMail({ sender: `office@${domain}` }));
    await deliverDue(t);
    expect(await mailRow(t, uid)).toMatchObject({
      state: 'retrying',
      errorMessage: `Every account that matches the sender office@${domain} is disabled.`,
    });
    expect(smtp.received).toHaveLength(0);

    await call('PUT', `/administration/accounts/${account.uid}/`, { ...read, disabled: false });
    expect((await call('POST', '/administration/queue/failed-temporarily/retry-now/', { uids: [uid] })).json()).toEqual(
      { moved: 1 },
    );
    await deliverDue(t);
    expect(await mailRow(t, uid)).toMatchObject({ state: 'delivered' });
    expect(smtp.received).toHaveLength(1);
  });

  test('a sender that no account matches, enabled or not, still fails at once', async () => {
    const uid = await sendMail(t, aMail({ sender: `office@${aDomain()}` }));
    await deliverDue(t);
    expect(await mailRow(t, uid)).toMatchObject({
      state: 'failed',
      errorMessage: expect.stringMatching(/^No account matches the sender/),
    });
  });
});
