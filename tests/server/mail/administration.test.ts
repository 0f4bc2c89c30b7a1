import { eq } from 'drizzle-orm';
import { mailAccounts, mailProviders } from '../../../server/db/schema';
import { createPasswordCipher } from '../../../server/mail/credentials';
import { createTestApp, type TestApp } from '../support/helpers';
import { addAccount, addProvider, countRows, MAIL } from '../support/mail-helpers';

let t: TestApp;
/** Every response body of this file, to prove that no stored password ever comes back. */
const bodies: string[] = [];
const PASSWORDS = ['first-secret-pass', 'second-secret-pass', 'ignored-secret-pass'];

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const response = await t.as({
    method,
    url: `${MAIL}${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  bodies.push(JSON.stringify(response.headers) + response.body);
  return response;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const provider = { name: 'Mail relay', host: 'smtp.example.org', port: 587, security: 'starttls' };

describe('providers', () => {
  test('are created, listed, read and updated', async () => {
    const created = await call('POST', '/administration/providers/', provider);
    expect(created.statusCode).toBe(201);
    const { uid, ...fields } = created.json();
    expect(fields).toEqual({ ...provider, disabled: false });

    expect((await call('GET', '/administration/providers/')).json()).toContainEqual({
      uid,
      ...provider,
      disabled: false,
    });
    expect((await call('GET', `/administration/providers/${uid}/`)).json()).toEqual({
      uid,
      ...provider,
      disabled: false,
    });

    const changed = { name: 'Other relay', host: '192.0.2.10', port: 465, security: 'ssl/tls' };
    const updated = await call('PUT', `/administration/providers/${uid}/`, changed);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ uid, ...changed, disabled: false });
    expect((await call('GET', `/administration/providers/${uid}/`)).json()).toEqual({
      uid,
      ...changed,
      disabled: false,
    });
  });

  test.each([
    ['name shorter than 4 characters', { name: 'abc' }, 'name'],
    ['host shorter than 4 characters', { host: 'a.b' }, 'host'],
    ['host with a space', { host: 'smtp example.org' }, 'host'],
    ['port 0', { port: 0 }, 'port'],
    ['port 65536', { port: 65536 }, 'port'],
    ['a fractional port', { port: 25.5 }, 'port'],
    ['port as text', { port: '25' }, 'port'],
    ['an unknown security', { security: 'tls' }, 'security'],
    ['an unknown field', { weight: 1 }, 'weight'],
    ['a missing field', { name: undefined }, 'name'],
  ])('with %s are refused with 400 naming the field, nothing stored', async (_case, change, field) => {
    const before = await countRows(t, mailProviders);
    const response = await call('POST', '/administration/providers/', { ...provider, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 400, title: 'Bad Request', field });
    expect(await countRows(t, mailProviders)).toBe(before);
  });

  test('malformed JSON and a non-object body are refused, nothing stored', async () => {
    const before = await countRows(t, mailProviders);
    const malformed = await t.as({
      method: 'POST',
      url: `${MAIL}/administration/providers/`,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Mail relay",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: 400, field: 'body' });
    const list = await call('POST', '/administration/providers/', [provider]);
    expect(list.statusCode).toBe(400);
    expect(await countRows(t, mailProviders)).toBe(before);
  });

  test('an update with a bad port changes nothing', async () => {
    const { uid } = await addProvider(t, { port: 25 });
    const response = await call('PUT', `/administration/providers/${uid}/`, { ...provider, port: 70000 });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('port');
    expect((await call('GET', `/administration/providers/${uid}/`)).json().port).toBe(25);
  });

  test('unknown uids are 404, malformed uids 400', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('GET', `/administration/providers/${unknown}/`)).statusCode).toBe(404);
    expect((await call('PUT', `/administration/providers/${unknown}/`, provider)).statusCode).toBe(404);
    const malformed = await call('GET', '/administration/providers/not-a-uid/');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().field).toBe('uid');
  });
});

describe('accounts', () => {
  let providerUid: string;
  let otherProviderUid: string;
  beforeAll(async () => {
    providerUid = (await addProvider(t, { name: 'Account relay', port: 2525 })).uid;
    otherProviderUid = (await addProvider(t, { name: 'Second relay', host: 'relay.example.org', port: 2526 })).uid;
  });

  const storedRow = async (uid: string) => (await t.db.select().from(mailAccounts).where(eq(mailAccounts.uid, uid)))[0];

  test('are created with credentials that are shown by username only and stored encrypted', async () => {
    const response = await call('POST', '/administration/accounts/', {
      expression: '^office@caredesk\\.example$',
      provider: { uid: providerUid },
      credentials: { username: 'office', password: PASSWORDS[0] },
      credentials_changed: true,
    });
    expect(response.statusCode).toBe(201);
    const account = response.json();
    expect(account).toEqual({
      uid: expect.any(String),
      expression: '^office@caredesk\\.example$',
      provider: { uid: providerUid, name: 'Account relay', host: '127.0.0.1', disabled: false },
      credentials: { username: 'office' },
      disabled: false,
    });
    const row = await storedRow(account.uid);
    expect(row.encryptedPassword).not.toContain(PASSWORDS[0]);
    expect(createPasswordCipher(t.masterSecret).decrypt(row.encryptedPassword!, account.uid)).toBe(PASSWORDS[0]);
  });

  test('without credentials show credentials null; the list keeps creation (matching) order', async () => {
    const first = await addAccount(t, { expression: 'first', provider: { uid: providerUid }, credentials: null });
    const second = await addAccount(t, {
      expression: 'second',
      provider: { uid: otherProviderUid },
      credentials: null,
    });
    expect(first.credentials).toBeNull();
    const accounts: { uid: string }[] = (await call('GET', '/administration/accounts/')).json();
    const order = accounts.map((account) => account.uid);
    expect(order.indexOf(first.uid)).toBeLessThan(order.indexOf(second.uid));
    expect((await call('GET', `/administration/accounts/${second.uid}/`)).json()).toEqual({
      uid: second.uid,
      expression: 'second',
      provider: { uid: otherProviderUid, name: 'Second relay', host: 'relay.example.org', disabled: false },
      credentials: null,
      disabled: false,
    });
  });

  test('an update without credentials_changed keeps the stored credentials, whatever it sends', async () => {
    const account = await addAccount(t, {
      expression: 'keep',
      provider: { uid: providerUid },
      credentials: { username: 'keeper', password: PASSWORDS[1] },
    });
    const stored = (await storedRow(account.uid)).encryptedPassword;
    for (const credentials of [null, { username: 'intruder', password: PASSWORDS[2] }]) {
      const response = await call('PUT', `/administration/accounts/${account.uid}/`, {
        expression: 'kept',
        provider: { uid: otherProviderUid },
        credentials,
        credentials_changed: false,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        expression: 'kept',
        provider: { uid: otherProviderUid },
        credentials: { username: 'keeper' },
      });
      expect((await storedRow(account.uid)).encryptedPassword).toBe(stored);
    }
  });

  test('an update with credentials_changed replaces or removes the credentials', async () => {
    const account = await addAccount(t, { expression: 'change', provider: { uid: providerUid }, credentials: null });
    const replaced = await call('PUT', `/administration/accounts/${account.uid}/`, {
      expression: 'change',
      provider: { uid: providerUid },
      credentials: { username: 'new-user', password: PASSWORDS[1] },
      credentials_changed: true,
    });
    expect(replaced.json().credentials).toEqual({ username: 'new-user' });
    expect(
      createPasswordCipher(t.masterSecret).decrypt((await storedRow(account.uid)).encryptedPassword!, account.uid),
    ).toBe(PASSWORDS[1]);

    const removed = await call('PUT', `/administration/accounts/${account.uid}/`, {
      expression: 'change',
      provider: { uid: providerUid },
      credentials: null,
      credentials_changed: true,
    });
    expect(removed.json().credentials).toBeNull();
    expect(await storedRow(account.uid)).toMatchObject({ username: null, encryptedPassword: null });
  });

  const validAccount = () => ({
    expression: '.*',
    provider: { uid: providerUid },
    credentials: null,
    credentials_changed: false,
  });

  test.each([
    ['an invalid regular expression', { expression: '(unclosed' }, 'expression'],
    ['an invalid character class', { expression: '[z-a]' }, 'expression'],
    ['an empty expression', { expression: '' }, 'expression'],
    ['an expression over 512 characters', { expression: 'a'.repeat(513) }, 'expression'],
    ['an unknown provider', { provider: { uid: '00000000-0000-4000-8000-000000000000' } }, 'provider'],
    ['a malformed provider uid', { provider: { uid: 'relay' } }, 'provider.uid'],
    [
      'credentials with an empty password',
      { credentials: { username: 'office', password: '' } },
      'credentials.password',
    ],
    ['credentials without username', { credentials: { password: 'secret-pass' } }, 'credentials.username'],
    ['credentials that are text', { credentials: 'office:secret' }, 'credentials'],
    ['an unknown field', { colour: 'red' }, 'colour'],
    ['credentials_changed as text', { credentials_changed: 'yes' }, 'credentials_changed'],
  ])('with %s are refused with 400 naming the field, nothing stored or changed', async (_case, change, field) => {
    const existing = await addAccount(t, { ...validAccount(), expression: 'unchanged' });
    const before = await countRows(t, mailAccounts);
    const created = await call('POST', '/administration/accounts/', { ...validAccount(), ...change });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ status: 400, field });
    const updated = await call('PUT', `/administration/accounts/${existing.uid}/`, { ...validAccount(), ...change });
    expect(updated.statusCode).toBe(400);
    expect(updated.json()).toMatchObject({ status: 400, field });
    expect(await countRows(t, mailAccounts)).toBe(before);
    expect((await storedRow(existing.uid)).expression).toBe('unchanged');
  });

  test('credentials without password are refused where they would be stored: on create and with credentials_changed true', async () => {
    const existing = await addAccount(t, { ...validAccount(), expression: 'unchanged' });
    const before = await countRows(t, mailAccounts);
    const withoutPassword = { ...validAccount(), credentials: { username: 'office' } };
    for (const [method, url, body] of [
      ['POST', '/administration/accounts/', withoutPassword],
      ['PUT', `/administration/accounts/${existing.uid}/`, { ...withoutPassword, credentials_changed: true }],
    ] as const) {
      const response = await call(method, url, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ type: '/problems/validation-error', field: 'credentials.password' });
    }
    expect(await countRows(t, mailAccounts)).toBe(before);
    expect(await storedRow(existing.uid)).toMatchObject({ expression: 'unchanged', username: null });
  });

  test('an update without credentials_changed keeps the stored credentials, whatever credentials says', async () => {
    const existing = await addAccount(t, {
      ...validAccount(),
      credentials: { username: 'office', password: 'secret-pass' },
    });
    const stored = await storedRow(existing.uid);
    const { credentials_changed: _omitted, ...withoutFlag } = validAccount();
    for (const credentials of [null, { username: 'someone-else' }, { username: 'other', password: 'other-pass' }]) {
      const response = await call('PUT', `/administration/accounts/${existing.uid}/`, {
        ...withoutFlag,
        expression: 'changed',
        credentials,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ expression: 'changed', credentials: { username: 'office' } });
    }
    expect(await storedRow(existing.uid)).toMatchObject({
      username: 'office',
      encryptedPassword: stored.encryptedPassword,
    });
  });

  test('malformed JSON is refused, nothing stored', async () => {
    const before = await countRows(t, mailAccounts);
    const response = await t.as({
      method: 'POST',
      url: `${MAIL}/administration/accounts/`,
      headers: { 'content-type': 'application/json' },
      payload: '{"expression": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('body');
    expect(await countRows(t, mailAccounts)).toBe(before);
  });

  test('unknown uids are 404, malformed uids 400', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('GET', `/administration/accounts/${unknown}/`)).statusCode).toBe(404);
    expect((await call('PUT', `/administration/accounts/${unknown}/`, validAccount())).statusCode).toBe(404);
    expect((await call('GET', '/administration/accounts/42/')).statusCode).toBe(400);
  });

  test('no response ever showed a password', () => {
    expect(bodies.length).toBeGreaterThan(20);
    for (const password of PASSWORDS) expect(bodies.filter((body) => body.includes(password))).toEqual([]);
    expect(bodies.filter((body) => /password/i.test(body) && !body.includes('"field"'))).toEqual([]);
  });
});

test.each([
  ['GET', '/administration/providers/'],
  ['POST', '/administration/providers/'],
  ['GET', '/administration/providers/00000000-0000-4000-8000-000000000000/'],
  ['PUT', '/administration/providers/00000000-0000-4000-8000-000000000000/'],
  ['GET', '/administration/accounts/'],
  ['POST', '/administration/accounts/'],
  ['GET', '/administration/accounts/00000000-0000-4000-8000-000000000000/'],
  ['PUT', '/administration/accounts/00000000-0000-4000-8000-000000000000/'],
  ['GET', '/administration/queue/'],
  ['GET', '/administration/queue/delivered/'],
  ['GET', '/administration/queue/failed-temporarily/'],
  ['GET', '/administration/queue/failed-permanently/'],
  ['POST', '/administration/queue/failed-permanently/requeue/'],
  ['POST', '/send/'],
] as const)('%s %s needs an access token', async (method, url) => {
  const anonymous = await t.inject({ method, url: `${MAIL}${url}`, payload: method === 'GET' ? undefined : {} });
  expect(anonymous.statusCode).toBe(401);
  expect(anonymous.json()).toMatchObject({ status: 401 });
  const forged = await t.inject({ method, url: `${MAIL}${url}`, headers: { authorization: 'Bearer forged' } });
  expect(forged.statusCode).toBe(401);
});
