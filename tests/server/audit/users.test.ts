import { randomUUID } from 'node:crypto';
import { AUTH, createTestApp, uniqueAddress, unique, type PanelUser, type TestApp } from '../support/helpers';
import { adminActor, auditTableText, justNow, withEvents } from '../support/audit-helpers';

/** The audit events of the user administration and of API tokens: each call writes exactly its events, in its transaction. */
let t: TestApp;
let admin: { uid: string; public_name: string };
const secrets: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminActor(t);
});
afterAll(() => t?.close());

const users = `${AUTH}/administration/users`;
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, address: string, payload?: object, token?: string) =>
  t.as({ method, url, payload, remoteAddress: address, token });
const userTarget = (user: PanelUser) => ({
  type: 'user',
  id: user.domain_user.uid,
  label: user.domain_user.public_name,
});

describe('users', () => {
  test('user.create names the username, public name and roles, never the password', async () => {
    const address = uniqueAddress();
    const body = {
      username: unique(),
      password: 'create-secret-1',
      public_name: unique('Anna '),
      roles: ['dispatcher', 'recruiter'],
    };
    secrets.push(body.password);
    const { result, events } = await withEvents(t, () => send('POST', `${users}/`, address, body));
    expect(result.statusCode).toBe(201);
    const created = result.json<PanelUser>();
    expect(events).toEqual([
      {
        ...justNow(),
        actor: admin,
        address,
        action: 'user.create',
        target: userTarget(created),
        changes: { username: body.username, public_name: body.public_name, roles: body.roles },
      },
    ]);
  });

  test('a refused create (taken username) writes no event', async () => {
    const taken = await t.createUser();
    const { result, events } = await withEvents(t, () =>
      send('POST', `${users}/`, uniqueAddress(), {
        username: taken.username,
        password: 'another-secret',
        public_name: unique('Name '),
        roles: [],
      }),
    );
    expect(result.statusCode).toBe(409);
    expect(events).toEqual([]);
  });

  test('user.update names only the fields that changed', async () => {
    const anna = await t.createUser({ roles: ['caregiver'] });
    const uid = anna.domain_user.uid;
    const address = uniqueAddress();
    const newName = unique('Renamed ');
    const renamed = await withEvents(t, () =>
      send('PUT', `${users}/${uid}/domain-user/`, address, { uid, public_name: newName, roles: ['caregiver'] }),
    );
    expect(renamed.result.statusCode).toBe(200);
    const target = { type: 'user', id: uid, label: newName };
    expect(renamed.events).toEqual([
      { ...justNow(), actor: admin, address, action: 'user.update', target, changes: { public_name: newName } },
    ]);

    const regranted = await withEvents(t, () =>
      send('PUT', `${users}/${uid}/domain-user/`, address, {
        uid,
        public_name: newName,
        roles: ['dispatcher'],
        banned: false,
      }),
    );
    expect(regranted.events).toEqual([
      { ...justNow(), actor: admin, address, action: 'user.update', target, changes: { roles: ['dispatcher'] } },
    ]);
  });

  test('user.password-set records that the password changed and a new username, never the password', async () => {
    const anna = await t.createUser();
    const uid = anna.domain_user.uid;
    const address = uniqueAddress();
    const url = `${users}/${uid}/password-authentication/`;
    secrets.push('set-secret-22');
    const password = await withEvents(t, () =>
      send('PUT', url, address, { type: 'password', username: anna.username, password: 'set-secret-22' }),
    );
    expect(password.result.statusCode).toBe(200);
    expect(password.events).toEqual([
      {
        ...justNow(),
        actor: admin,
        address,
        action: 'user.password-set',
        target: userTarget(anna),
        changes: { password: 'changed' },
      },
    ]);

    const username = unique('renamed');
    const renamed = await withEvents(t, () => send('PUT', url, address, { username }));
    expect(renamed.events).toEqual([
      {
        ...justNow(),
        actor: admin,
        address,
        action: 'user.password-set',
        target: userTarget(anna),
        changes: { username },
      },
    ]);
  });

  test('user.ban, user.unban and user.revoke-refresh-tokens: one event per user', async () => {
    const [anna, ben] = [await t.createUser(), await t.createUser()];
    const uids = [anna.domain_user.uid, ben.domain_user.uid];
    const address = uniqueAddress();
    const each = (action: string, changes: object) =>
      [anna, ben].map((user) => ({ ...justNow(), actor: admin, address, action, target: userTarget(user), changes }));

    const revoked = await withEvents(t, () =>
      send('POST', `${AUTH}/administration/revoke-refresh-tokens/`, address, { uids }),
    );
    expect(revoked.result.statusCode).toBe(200);
    expect(revoked.events).toEqual(each('user.revoke-refresh-tokens', {}));
    const banned = await withEvents(t, () => send('POST', `${AUTH}/administration/ban-users/`, address, { uids }));
    expect(banned.result.statusCode).toBe(200);
    expect(banned.events).toEqual(each('user.ban', { banned: true }));
    const unbanned = await withEvents(t, () => send('POST', `${AUTH}/administration/unban-users/`, address, { uids }));
    expect(unbanned.result.statusCode).toBe(200);
    expect(unbanned.events).toEqual(each('user.unban', { banned: false }));
  });

  test('refused bans (yourself, an unknown user) write no event', async () => {
    const anna = await t.createUser();
    const self = await withEvents(t, () =>
      send('POST', `${AUTH}/administration/ban-users/`, uniqueAddress(), { uids: [anna.domain_user.uid, admin.uid] }),
    );
    expect(self.result.statusCode).toBe(400);
    const unknown = await withEvents(t, () =>
      send('POST', `${AUTH}/administration/ban-users/`, uniqueAddress(), {
        uids: [anna.domain_user.uid, randomUUID()],
      }),
    );
    expect(unknown.result.statusCode).toBe(404);
    expect([...self.events, ...unknown.events]).toEqual([]);
  });
});

describe('API tokens', () => {
  test.each([
    ['files', '/api/files'],
    ['pricing', '/api/pricing'],
  ])(
    'api-token.create, .revoke and .delete of the %s service name the token, never its value',
    async (scope, prefix) => {
      const address = uniqueAddress();
      const value = `token-value-${unique()}-secret`;
      secrets.push(value);
      const tokens = `${prefix}/administration/access-tokens`;
      const expires = Math.floor(Date.now() / 1000) + 3600;
      const created = await withEvents(t, () =>
        send('POST', `${tokens}/`, address, { service: 'billing', token: value, expires }),
      );
      expect(created.result.statusCode).toBe(201);
      const uid = created.result.json<{ uid: string }>().uid;
      const target = { type: 'api-token', id: uid, label: 'billing' };
      expect(created.events).toEqual([
        {
          ...justNow(),
          actor: admin,
          address,
          action: 'api-token.create',
          target,
          changes: { scope, service: 'billing', expires },
        },
      ]);

      const revoked = await withEvents(t, () => send('PUT', `${tokens}/${uid}/revoke/`, address));
      expect(revoked.result.statusCode).toBe(200);
      const revokedAt = revoked.result.json<{ revoked: number }>().revoked;
      expect(revoked.events).toEqual([
        { ...justNow(), actor: admin, address, action: 'api-token.revoke', target, changes: { revoked: revokedAt } },
      ]);
      const again = await withEvents(t, () => send('PUT', `${tokens}/${uid}/revoke/`, address));
      expect([again.result.statusCode, again.events]).toEqual([409, []]);

      const deleted = await withEvents(t, () => send('DELETE', `${tokens}/${uid}/`, address));
      expect(deleted.result.statusCode).toBe(204);
      expect(deleted.events).toEqual([
        { ...justNow(), actor: admin, address, action: 'api-token.delete', target, changes: { scope } },
      ]);
    },
  );

  test('a refused token (value taken) writes no event', async () => {
    const value = `taken-value-${unique()}`;
    secrets.push(value);
    await send('POST', '/api/files/administration/access-tokens/', uniqueAddress(), { service: 'first', token: value });
    const { result, events } = await withEvents(t, () =>
      send('POST', '/api/files/administration/access-tokens/', uniqueAddress(), { service: 'second', token: value }),
    );
    expect([result.statusCode, events]).toEqual([409, []]);
  });
});

test('no password, password hash or token value is anywhere in the audit table', async () => {
  expect(secrets.length).toBeGreaterThanOrEqual(4);
  const text = await auditTableText(t.db);
  expect(text).toContain('user.create');
  for (const secret of [...secrets, '$argon2']) expect(text).not.toContain(secret);
  expect(await t.responsesShowingSecrets()).toEqual([]);
});
