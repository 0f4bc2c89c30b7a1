import { eq } from 'drizzle-orm';
import { mailAccounts, passwordAuthentications } from '../../../server/db/schema';
import { FILES, createFilesTestApp, uploadForm, type StoredFile } from '../support/files-helpers';
import { AUTH, type PanelUser, type TestApp } from '../support/helpers';
import { MAIL, addAccount, addProvider } from '../support/mail-helpers';

/** The services accept what they return: a GET's object sent back unchanged in its PUT changes nothing. */

let t: Awaited<ReturnType<typeof createFilesTestApp>>;
beforeAll(async () => {
  t = await createFilesTestApp();
});
afterAll(() => t?.cleanUp());

async function get<T>(url: string): Promise<T> {
  const response = await t.as({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.json<T>();
}

const put = (url: string, payload: unknown) => t.as({ method: 'PUT', url, payload: payload as object });
const post = (url: string, payload: unknown) => t.as({ method: 'POST', url, payload: payload as object });

/** A 400 naming the field: a read-only field that disagrees with the path or the stored object. */
function expectReadOnlyRefusal(response: Awaited<ReturnType<TestApp['as']>>, field: string) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ type: '/problems/read-only-field', status: 400, field });
}

const OTHER_UID = '00000000-0000-4000-8000-00000000abcd';

describe('users', () => {
  let user: PanelUser;
  beforeAll(async () => {
    user = await t.createUser({ roles: ['dispatcher'] });
  });
  const userUrl = () => `${AUTH}/administration/users/${user.domain_user.uid}/`;

  test("the GET's domain_user, banned included, is accepted unchanged by PUT domain-user/", async () => {
    const read = await get<PanelUser>(userUrl());
    const response = await put(`${userUrl()}domain-user/`, read.domain_user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(read.domain_user);
    expect(await get<PanelUser>(userUrl())).toEqual(read);
  });

  test('locked and last_sign_in change by themselves: a stale value is accepted and ignored', async () => {
    const read = await get<PanelUser>(userUrl());
    const response = await put(`${userUrl()}domain-user/`, {
      ...read.domain_user,
      locked: !read.domain_user.locked,
      last_sign_in: 12345,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(read.domain_user);
  });

  test('a banned user sent back with banned: true is accepted as well', async () => {
    const banned = await t.createUser();
    expect((await post(`${AUTH}/administration/ban-users/`, { uids: [banned.domain_user.uid] })).statusCode).toBe(200);
    const read = await get<PanelUser>(`${AUTH}/administration/users/${banned.domain_user.uid}/`);
    expect(read.domain_user.banned).toBe(true);
    const response = await put(`${AUTH}/administration/users/${banned.domain_user.uid}/domain-user/`, {
      ...read.domain_user,
      public_name: 'Renamed while banned',
    });
    expect(response.json()).toEqual({ ...read.domain_user, public_name: 'Renamed while banned' });
  });

  test('a disagreeing banned or uid is refused naming it, and nothing changes', async () => {
    const read = await get<PanelUser>(userUrl());
    expectReadOnlyRefusal(
      await put(`${userUrl()}domain-user/`, { ...read.domain_user, public_name: 'Not saved', banned: true }),
      'banned',
    );
    expectReadOnlyRefusal(
      await put(`${userUrl()}domain-user/`, { ...read.domain_user, public_name: 'Not saved', uid: OTHER_UID }),
      'uid',
    );
    expect(await get<PanelUser>(userUrl())).toEqual(read);
  });

  test("the GET's authentication method is accepted unchanged by PUT password-authentication/, keeping the password", async () => {
    const read = await get<PanelUser>(userUrl());
    const [before] = await t.db
      .select()
      .from(passwordAuthentications)
      .where(eq(passwordAuthentications.userUid, user.domain_user.uid));
    const response = await put(`${userUrl()}password-authentication/`, read.authentication_methods[0]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(read);
    const [after] = await t.db
      .select()
      .from(passwordAuthentications)
      .where(eq(passwordAuthentications.userUid, user.domain_user.uid));
    expect(after.passwordHash).toBe(before.passwordHash);
    expect((await t.signIn(read.authentication_methods[0].username, 'secret-password')).access_token).toBeTruthy();
  });

  test('the method with a new password sets it', async () => {
    const read = await get<PanelUser>(userUrl());
    const response = await put(`${userUrl()}password-authentication/`, {
      ...read.authentication_methods[0],
      password: 'another-password',
    });
    expect(response.statusCode).toBe(200);
    expect((await t.signIn(read.authentication_methods[0].username, 'another-password')).access_token).toBeTruthy();
  });

  test('another method type is refused naming type; unknown fields stay refused', async () => {
    const read = await get<PanelUser>(userUrl());
    expectReadOnlyRefusal(
      await put(`${userUrl()}password-authentication/`, { ...read.authentication_methods[0], type: 'oauth' }),
      'type',
    );
    const unknown = await put(`${userUrl()}domain-user/`, { ...read.domain_user, colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ type: '/problems/validation-error', field: 'colour' });
    expect(await get<PanelUser>(userUrl())).toEqual(read);
  });
});

describe('mail providers', () => {
  test('the GET object, uid included, is accepted unchanged by PUT', async () => {
    const created = await addProvider(t, { port: 2525, name: 'Round trip relay' });
    const url = `${MAIL}/administration/providers/${created.uid}/`;
    const read = await get<Record<string, unknown>>(url);
    const response = await put(url, read);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(read);
    expect(await get(url)).toEqual(read);
  });

  test('a uid that differs from the path is refused naming uid; a uid in a create is refused too', async () => {
    const created = await addProvider(t, { port: 2526, name: 'Round trip relay 2' });
    const url = `${MAIL}/administration/providers/${created.uid}/`;
    const read = await get<Record<string, unknown>>(url);
    expectReadOnlyRefusal(await put(url, { ...read, uid: OTHER_UID, port: 1 }), 'uid');
    expect(await get(url)).toEqual(read);
    expectReadOnlyRefusal(await post(`${MAIL}/administration/providers/`, { ...read, name: 'Copied relay' }), 'uid');
  });
});

describe('mail accounts', () => {
  let provider: { uid: string; name: string; host: string };
  beforeAll(async () => {
    const { uid, name, host } = await addProvider(t, { port: 2527, name: 'Account relay' });
    provider = { uid, name, host };
  });

  test('the GET object (uid, provider with name and host, credentials by username) is accepted unchanged by PUT', async () => {
    const created = await addAccount(t, {
      expression: '@roundtrip\\.example$',
      provider: { uid: provider.uid },
      credentials: { username: 'relay', password: 'relay-pass' },
    });
    const [stored] = await t.db.select().from(mailAccounts).where(eq(mailAccounts.uid, created.uid));
    const url = `${MAIL}/administration/accounts/${created.uid}/`;
    const read = await get<Record<string, unknown>>(url);
    expect(read).toMatchObject({
      provider: { uid: provider.uid, name: provider.name, host: provider.host },
      credentials: { username: 'relay' },
    });

    const response = await put(url, read);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(read);
    expect(await get(url)).toEqual(read);
    const [after] = await t.db.select().from(mailAccounts).where(eq(mailAccounts.uid, created.uid));
    expect(after).toEqual(stored);
  });

  test('a provider as {uid, name, host} or {uid} is accepted in POST and PUT', async () => {
    const full = await post(`${MAIL}/administration/accounts/`, {
      expression: '^a@full\\.example$',
      provider,
      credentials: null,
    });
    expect(full.statusCode).toBe(201);
    expect(full.json().provider).toEqual({ ...provider, disabled: false });
    const url = `${MAIL}/administration/accounts/${full.json().uid}/`;
    const short = await put(url, {
      expression: '^b@full\\.example$',
      provider: { uid: provider.uid },
      credentials: null,
    });
    expect(short.statusCode).toBe(200);
    expect(short.json()).toMatchObject({ expression: '^b@full\\.example$', provider });
  });

  test("a provider name or host that is not the provider's own, or a uid other than the path's, is refused naming it", async () => {
    const created = await addAccount(t, {
      expression: '^c@mismatch\\.example$',
      provider: { uid: provider.uid },
      credentials: null,
    });
    const url = `${MAIL}/administration/accounts/${created.uid}/`;
    const read = await get<{ provider: typeof provider }>(url);
    expectReadOnlyRefusal(
      await put(url, { ...read, expression: 'x', provider: { ...read.provider, name: 'Another name' } }),
      'provider.name',
    );
    expectReadOnlyRefusal(
      await put(url, { ...read, expression: 'x', provider: { ...read.provider, host: 'other.example' } }),
      'provider.host',
    );
    expectReadOnlyRefusal(await put(url, { ...read, expression: 'x', uid: OTHER_UID }), 'uid');
    expect(await get(url)).toEqual(read);
    const { uid: _uid, ...withoutUid } = read as typeof read & { uid: string };
    expectReadOnlyRefusal(
      await post(`${MAIL}/administration/accounts/`, {
        ...withoutUid,
        provider: { ...provider, host: 'other.example' },
      }),
      'provider.host',
    );
    expectReadOnlyRefusal(await post(`${MAIL}/administration/accounts/`, read), 'uid');
  });
});

describe('file references', () => {
  let file: StoredFile;
  beforeAll(async () => {
    const response = await t.as({
      method: 'POST',
      url: `${FILES}/upload/`,
      ...uploadForm({ references: [{ name: 'Customer', value: 'C-1' }] }),
    });
    expect(response.statusCode).toBe(201);
    file = response.json<StoredFile>();
  });
  const url = () => `${FILES}/files/${file.uid}/`;

  test('the GET object is accepted unchanged by PUT references/, and its meta.references are set', async () => {
    const read = await get<StoredFile>(url());
    const unchanged = await put(`${url()}references/`, read);
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json()).toEqual(read);

    const changed = { ...read, meta: { ...read.meta, references: [{ name: 'Caregiver', value: 'G-7' }] } };
    const response = await put(`${url()}references/`, changed);
    expect(response.statusCode).toBe(200);
    expect(await get(url())).toEqual(changed);
  });

  test('{references} alone still works', async () => {
    const response = await put(`${url()}references/`, { references: [] });
    expect(response.statusCode).toBe(200);
    expect(response.json<StoredFile>().meta.references).toEqual([]);
  });

  test.each([
    ['uid', (read: StoredFile) => ({ ...read, uid: OTHER_UID })],
    ['meta.name', (read: StoredFile) => ({ ...read, meta: { ...read.meta, name: 'renamed.pdf' } })],
    ['meta.description', (read: StoredFile) => ({ ...read, meta: { ...read.meta, description: 'Another' } })],
    ['meta.uploaded', (read: StoredFile) => ({ ...read, meta: { ...read.meta, uploaded: read.meta.uploaded - 1 } })],
    ['meta.content_type', (read: StoredFile) => ({ ...read, meta: { ...read.meta, content_type: 'image/png' } })],
    [
      'stored_binary.md5_hash',
      (read: StoredFile) => ({ ...read, stored_binary: { ...read.stored_binary, md5_hash: '0'.repeat(32) } }),
    ],
    ['stored_binary.size', (read: StoredFile) => ({ ...read, stored_binary: { ...read.stored_binary, size: 1 } })],
  ])('a disagreeing %s is refused naming it, and the references stay', async (field, change) => {
    const read = await get<StoredFile>(url());
    const body = change({
      ...read,
      meta: { ...read.meta, references: [{ name: 'ServiceAgency', value: 'not saved' }] },
    });
    expectReadOnlyRefusal(await put(`${url()}references/`, body), field);
    expect(await get(url())).toEqual(read);
  });

  test('references and meta.references that differ, or neither, are refused', async () => {
    const read = await get<StoredFile>(url());
    const both = await put(`${url()}references/`, { ...read, references: [{ name: 'Customer', value: 'other' }] });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ field: 'meta.references' });
    const neither = await put(`${url()}references/`, { uid: read.uid });
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toMatchObject({ field: 'references' });
    expect(await get(url())).toEqual(read);
  });
});
