import { eq } from 'drizzle-orm';
import pg from 'pg';
import { banUsers } from '../../../server/auth/administration';
import { AuthCache, userChangeFeed } from '../../../server/authentication/cache';
import { PERMISSIONS_LOCK } from '../../../server/auth/permission-rules';
import { auditEvents } from '../../../server/db/schema';
import { PERMISSIONS } from '../../../server/shared/permissions';
import { waitFor } from '../support/files-helpers';
import { AUTH, createTestApp, unique, type TestApp } from '../support/helpers';

/** The role policy routes and the rules of granting roles and managing users (docs/api.md, Permissions). */

const ROLES = `${AUTH}/administration/roles/`;

describe('role policy, grants and the subset rule', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const putPolicy = (role: string, permissions: string[], token?: string, extra: object = {}) =>
    t.as({ method: 'PUT', url: `${ROLES}${encodeURIComponent(role)}/`, payload: { permissions, ...extra }, token });

  async function signedInWith(roles: string[]) {
    const user = await t.createUser({ roles });
    return { user, uid: user.domain_user.uid, token: (await t.signIn(user.username, user.password)).access_token };
  }

  test('GET lists every role with a policy and every role in use, sorted, each in the fixed permission order', async () => {
    await t.createUser({ roles: ['volunteer'] });
    const recruiter = await signedInWith(['recruiter']);
    const response = await t.as({ method: 'GET', url: ROLES, token: recruiter.token });
    expect(response.statusCode).toBe(200);
    const roles = response.json<{ role: string; permissions: string[] }[]>();
    expect(roles.map((entry) => entry.role)).toEqual([...roles.map((entry) => entry.role)].sort());
    expect(roles).toEqual(
      expect.arrayContaining([
        { role: 'administrator', permissions: [...PERMISSIONS], second_factor_required: true },
        { role: 'caregiver', permissions: [], second_factor_required: false },
        {
          role: 'dispatcher',
          permissions: [
            'mail:read',
            'files:read',
            'files:write',
            'care:read',
            'care:create',
            'care:contact',
            'care:work',
          ],
          second_factor_required: true,
        },
        {
          role: 'recruiter',
          permissions: ['users:read', 'files:read', 'care:read', 'care:create'],
          second_factor_required: false,
        },
        { role: 'volunteer', permissions: [], second_factor_required: false },
      ]),
    );
  });

  test('PUT sets a role, in the fixed order without duplicates, and records role.update in the audit trail', async () => {
    const response = await putPolicy('night shift', ['care:read', 'users:read', 'care:read'], undefined, {
      role: 'night shift',
    });
    expect(response.json()).toEqual({
      role: 'night shift',
      permissions: ['users:read', 'care:read'],
      second_factor_required: false,
    });
    const listed = (await t.as({ method: 'GET', url: ROLES })).json<{ role: string }[]>();
    expect(listed).toContainEqual({
      role: 'night shift',
      permissions: ['users:read', 'care:read'],
      second_factor_required: false,
    });
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, 'night shift'));
    expect(event).toMatchObject({
      action: 'role.update',
      targetType: 'role',
      actorName: 'Administrator',
      changes: { permissions: ['users:read', 'care:read'] },
    });
  });

  test('PUT refuses unknown permissions (field permissions), another role in the body and a malformed role name', async () => {
    expect((await putPolicy('helpers', ['care:read', 'care:everything'])).json()).toMatchObject({
      status: 400,
      type: '/problems/validation-error',
      field: 'permissions',
    });
    expect((await putPolicy('helpers', [], undefined, { role: 'others' })).json()).toMatchObject({
      status: 400,
      type: '/problems/read-only-field',
      field: 'role',
    });
    expect((await putPolicy(' padded', [])).json()).toMatchObject({ status: 400, field: 'role' });
    expect(
      (await t.as({ method: 'GET', url: ROLES })).json<{ role: string }[]>().map((entry) => entry.role),
    ).not.toContain('helpers');
  });

  test('a policy change applies from the next request of a user holding the role', async () => {
    await putPolicy('auditors', []);
    const auditor = await signedInWith(['auditors']);
    const listUsers = () => t.as({ method: 'GET', url: `${AUTH}/administration/users/`, token: auditor.token });
    expect((await listUsers()).statusCode).toBe(403);
    await putPolicy('auditors', ['users:read']);
    expect((await listUsers()).statusCode).toBe(200);
    await putPolicy('auditors', []);
    expect((await listUsers()).json()).toMatchObject({ status: 403, permission: 'users:read' });
  });

  test("a change of a user's roles applies from the user's next request", async () => {
    const user = await signedInWith([]);
    const incoming = () => t.as({ method: 'GET', url: '/api/care/incoming/care-requests/', token: user.token });
    expect((await incoming()).statusCode).toBe(403);
    await t.as({
      method: 'PUT',
      url: `${AUTH}/administration/users/${user.uid}/domain-user/`,
      payload: { uid: user.uid, public_name: user.user.domain_user.public_name, roles: ['dispatcher'] },
    });
    expect((await incoming()).statusCode).toBe(200);
  });

  test('a permission may only be added to or removed from a role by someone holding it', async () => {
    await putPolicy('role keepers', ['users:read', 'roles:manage']);
    const keeper = await signedInWith(['role keepers', 'administrator']);
    await putPolicy('night shift', ['care:read', 'audit:read']);
    const limited = await signedInWith(['role keepers']);
    expect((await putPolicy('night shift', ['care:read', 'audit:read', 'users:read'], limited.token)).statusCode).toBe(
      200,
    );
    const adding = await putPolicy('night shift', ['care:read', 'audit:read', 'mail:send'], limited.token);
    expect(adding.json()).toMatchObject({ status: 403, type: '/problems/forbidden', permission: 'mail:send' });
    const removing = await putPolicy('night shift', ['care:read'], limited.token);
    expect(removing.json()).toMatchObject({ status: 403, permission: 'audit:read' });
    expect((await putPolicy('night shift', ['care:read', 'audit:read'], limited.token)).statusCode).toBe(200);
    expect((await putPolicy('night shift', ['care:read'], keeper.token)).statusCode).toBe(200);
  });

  test('a role may only be granted or removed by someone holding every permission it grants', async () => {
    await putPolicy('people', ['users:read', 'users:manage']);
    const manager = await signedInWith(['people']);
    const create = (roles: string[]) =>
      t.as({
        method: 'POST',
        url: `${AUTH}/administration/users/`,
        token: manager.token,
        payload: { username: unique(), password: 'secret-password', public_name: unique('Name '), roles },
      });
    expect((await create(['dispatcher'])).json()).toMatchObject({
      status: 403,
      type: '/problems/forbidden',
      permission: 'mail:read',
    });
    expect((await create(['caregiver', 'people'])).statusCode).toBe(201);
    const caregiver = (await create(['caregiver'])).json<{ domain_user: { uid: string; public_name: string } }>()
      .domain_user;
    const edit = (roles: string[]) =>
      t.as({
        method: 'PUT',
        url: `${AUTH}/administration/users/${caregiver.uid}/domain-user/`,
        token: manager.token,
        payload: { ...caregiver, roles },
      });
    expect((await edit(['caregiver', 'recruiter'])).json()).toMatchObject({ status: 403, permission: 'files:read' });
    expect((await edit(['caregiver', 'people'])).json()).toMatchObject({ roles: ['caregiver', 'people'] });
    expect((await edit([])).json()).toMatchObject({ roles: [] });
  });

  test('users:manage acts only on users whose permissions are a subset of its holder own', async () => {
    await putPolicy('people', ['users:read', 'users:manage']);
    const manager = await signedInWith(['people']);
    const [stronger, weaker] = [
      await t.createUser({ roles: ['recruiter'] }),
      await t.createUser({ roles: ['caregiver'] }),
    ];
    const actions = (target: typeof stronger) => {
      const uid = target.domain_user.uid;
      return [
        {
          method: 'PUT',
          url: `${AUTH}/administration/users/${uid}/domain-user/`,
          payload: { ...target.domain_user, public_name: `${target.domain_user.public_name} B` },
        },
        {
          method: 'PUT',
          url: `${AUTH}/administration/users/${uid}/password-authentication/`,
          payload: { username: target.username, password: 'another-secret-password' },
        },
        { method: 'POST', url: `${AUTH}/administration/revoke-refresh-tokens/`, payload: { uids: [uid] } },
        { method: 'POST', url: `${AUTH}/administration/ban-users/`, payload: { uids: [uid] } },
        { method: 'POST', url: `${AUTH}/administration/unban-users/`, payload: { uids: [uid] } },
        { method: 'POST', url: `${AUTH}/administration/unlock-users/`, payload: { uids: [uid] } },
        { method: 'GET', url: `${AUTH}/administration/users/${uid}/sessions/` },
      ] as const;
    };
    for (const action of actions(stronger)) {
      const response = await t.as({ ...action, token: manager.token });
      expect({ url: action.url, body: response.json() }).toMatchObject({
        body: { status: 403, type: '/problems/forbidden', permission: 'files:read' },
      });
      expect(response.json<{ detail: string }>().detail).toMatch(/has permissions you lack/);
    }
    for (const action of actions(weaker))
      expect((await t.as({ ...action, token: manager.token })).statusCode).toBe(200);
    const endSession = {
      method: 'DELETE',
      url: `${AUTH}/administration/users/${stronger.domain_user.uid}/sessions/${crypto.randomUUID()}/`,
    } as const;
    expect((await t.as({ ...endSession, token: manager.token })).json()).toMatchObject({
      status: 403,
      permission: 'files:read',
    });
  });
});

describe('the last unbanned holder of roles:manage', () => {
  let t: TestApp;
  let adminUid: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminUid = (await t.as({ method: 'GET', url: `${AUTH}/info/` })).json<{ uid: string }>().uid;
  });
  afterAll(() => t?.close());

  const lastManager = { status: 409, type: '/problems/last-roles-manager' };
  const editAdmin = (roles: string[], token?: string) =>
    t.as({
      method: 'PUT',
      url: `${AUTH}/administration/users/${adminUid}/domain-user/`,
      token,
      payload: { uid: adminUid, public_name: 'Administrator', roles },
    });

  test('cannot lose roles:manage through the policy', async () => {
    const response = await t.as({
      method: 'PUT',
      url: `${ROLES}administrator/`,
      payload: { permissions: PERMISSIONS.filter((p) => p !== 'roles:manage') },
    });
    expect(response.json()).toMatchObject(lastManager);
    const stored = (await t.as({ method: 'GET', url: ROLES })).json<{ role: string; permissions: string[] }[]>();
    expect(stored.find((entry) => entry.role === 'administrator')?.permissions).toContain('roles:manage');
  });

  test('cannot lose the role that grants it', async () => {
    expect((await editAdmin(['caregiver'])).json()).toMatchObject(lastManager);
    expect((await t.as({ method: 'GET', url: `${AUTH}/info/` })).json()).toMatchObject({ roles: ['administrator'] });
  });

  test('cannot be banned, even by a caller whose permissions were taken away after the request was admitted', async () => {
    // the race the rule guards against: a former holder's ban, admitted with its old permissions, runs after the others lost theirs
    const former = await t.createUser();
    const stale = { uid: former.domain_user.uid, permissions: [...PERMISSIONS], accessPolicy: 'roles' as const };
    const { changes } = userChangeFeed({}, new AuthCache());
    await expect(banUsers(t.db, changes, [adminUid], stale, { actor: null, address: null })).rejects.toMatchObject({
      status: 409,
      extensions: { type: '/problems/last-roles-manager' },
    });
    expect((await t.as({ method: 'GET', url: `${AUTH}/info/` })).statusCode).toBe(200);
  });

  test('with a second holder, the first may go; then the second is the last', async () => {
    const second = await t.createUser({ roles: ['ceo'] });
    const secondToken = (await t.signIn(second.username, second.password)).access_token;
    expect((await editAdmin(['caregiver'])).statusCode).toBe(200);
    const ban = await t.as({
      method: 'POST',
      url: `${AUTH}/administration/ban-users/`,
      token: secondToken,
      payload: { uids: [adminUid] },
    });
    expect(ban.statusCode).toBe(200);
    const demoteSelf = await t.as({
      method: 'PUT',
      url: `${AUTH}/administration/users/${second.domain_user.uid}/domain-user/`,
      token: secondToken,
      payload: { ...second.domain_user, roles: [] },
    });
    expect(demoteSelf.json()).toMatchObject(lastManager);
  });
});

describe('the rule under concurrent changes', () => {
  test.skipIf(!process.env.TEST_DATABASE_URL)(
    'two holders banning each other at once: one ban passes, the other answers 409',
    async () => {
      const t = await createTestApp();
      const adminUid = (await t.as({ method: 'GET', url: `${AUTH}/info/` })).json<{ uid: string }>().uid;
      const [first, second] = [await t.createUser({ roles: ['ceo'] }), await t.createUser({ roles: ['ceo'] })];
      const [firstToken, secondToken] = [
        (await t.signIn(first.username, first.password)).access_token,
        (await t.signIn(second.username, second.password)).access_token,
      ];
      await t.as({
        method: 'PUT',
        url: `${AUTH}/administration/users/${adminUid}/domain-user/`,
        payload: { uid: adminUid, public_name: 'Administrator', roles: [] },
      });
      const client = new pg.Client({ connectionString: t.databaseUrl });
      await client.connect();
      try {
        // hold the permissions lock, so that both bans are admitted before either runs
        await client.query('select pg_advisory_lock($1)', [PERMISSIONS_LOCK]);
        const ban = (token: string, uid: string) =>
          t.as({ method: 'POST', url: `${AUTH}/administration/ban-users/`, token, payload: { uids: [uid] } });
        const bans = Promise.all([ban(firstToken, second.domain_user.uid), ban(secondToken, first.domain_user.uid)]);
        await waitFor(
          async () =>
            (await client.query("select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted"))
              .rows[0].n === 2,
        );
        await client.query('select pg_advisory_unlock($1)', [PERMISSIONS_LOCK]);
        const statuses = (await bans).map((response) => response.statusCode).sort();
        expect(statuses).toEqual([200, 409]);
      } finally {
        await client.end();
        await t.close();
      }
    },
  );
});
