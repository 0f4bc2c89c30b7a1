import Fastify from 'fastify';
import { PERMISSIONS, type Permission } from '../../../server/shared/permissions';
import { assertPermissionDeclared } from '../../../server/authentication';
import { createFilesTestApp } from '../support/files-helpers';
import { AUTH, createTestApp, testConfig, uniqueAddress, type TestApp } from '../support/helpers';

/**
 * Every route of the app against the permission it needs (docs/api.md, Permissions): a user whose role grants everything but that
 * permission is refused with 403 naming it, a user whose role grants only it gets past authorization.
 */

type Access = Permission | 'signed-in' | 'public' | 'apiToken';

const ROUTES: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  'POST /api/auth/token/': 'public',
  'GET /api/auth/info/': 'signed-in',
  'PUT /api/auth/update-password-authentication/': 'signed-in',
  'POST /api/auth/administration/users/': 'users:manage',
  'GET /api/auth/administration/users/': 'users:read',
  'GET /api/auth/administration/users/:uid/': 'users:read',
  'PUT /api/auth/administration/users/:uid/domain-user/': 'users:manage',
  'PUT /api/auth/administration/users/:uid/password-authentication/': 'users:manage',
  'POST /api/auth/administration/revoke-refresh-tokens/': 'users:manage',
  'POST /api/auth/administration/ban-users/': 'users:manage',
  'POST /api/auth/administration/unban-users/': 'users:manage',
  'GET /api/auth/administration/roles/': 'users:read',
  'POST /api/auth/administration/unlock-users/': 'users:manage',
  'GET /api/auth/administration/users/:uid/sessions/': 'users:manage',
  'DELETE /api/auth/administration/users/:uid/sessions/:family/': 'users:manage',
  'DELETE /api/auth/administration/users/:uid/oidc-link/': 'users:manage',
  'POST /api/auth/token/second-factor/': 'public',
  'POST /api/auth/passkey/options/': 'public',
  'POST /api/auth/token/passkey/': 'public',
  'GET /api/auth/oidc/': 'public',
  'GET /api/auth/oidc/start/': 'public',
  'GET /api/auth/oidc/callback/': 'public',
  'POST /api/auth/oidc/session/': 'public',
  'POST /api/auth/oidc/backchannel-logout/': 'public',
  'POST /api/auth/reauthenticate/': 'signed-in',
  'GET /api/auth/second-factors/': 'signed-in',
  'POST /api/auth/second-factors/totp/': 'signed-in',
  'POST /api/auth/second-factors/totp/:uid/confirm/': 'signed-in',
  'POST /api/auth/second-factors/webauthn/options/': 'signed-in',
  'POST /api/auth/second-factors/webauthn/': 'signed-in',
  'DELETE /api/auth/second-factors/:uid/': 'signed-in',
  'POST /api/auth/second-factors/recovery-codes/': 'signed-in',
  'GET /api/auth/administration/users/:uid/second-factors/': 'users:read',
  'DELETE /api/auth/administration/users/:uid/second-factors/': 'users:manage',
  'GET /api/audit/events/': 'audit:read',
  'GET /api/audit/events/:id/': 'audit:read',
  'GET /api/metrics': 'public',
  'PUT /api/auth/administration/roles/:role/': 'roles:manage',
  'POST /api/mail/send/': 'mail:send',
  'GET /api/mail/administration/providers/': 'mail:read',
  'POST /api/mail/administration/providers/': 'mail:manage',
  'GET /api/mail/administration/providers/:uid/': 'mail:read',
  'PUT /api/mail/administration/providers/:uid/': 'mail:manage',
  'DELETE /api/mail/administration/providers/:uid/': 'mail:manage',
  'GET /api/mail/administration/accounts/': 'mail:read',
  'POST /api/mail/administration/accounts/': 'mail:manage',
  'GET /api/mail/administration/accounts/:uid/': 'mail:read',
  'PUT /api/mail/administration/accounts/:uid/': 'mail:manage',
  'DELETE /api/mail/administration/accounts/:uid/': 'mail:manage',
  'GET /api/mail/administration/queue/': 'mail:read',
  'GET /api/mail/administration/queue/delivered/': 'mail:read',
  'GET /api/mail/administration/queue/failed-temporarily/': 'mail:read',
  'GET /api/mail/administration/queue/failed-permanently/': 'mail:read',
  'POST /api/mail/administration/queue/failed-permanently/requeue/': 'mail:manage',
  'POST /api/mail/administration/queue/failed-temporarily/retry-now/': 'mail:manage',
  'GET /api/mail/administration/mails/': 'mail:read',
  'GET /api/mail/administration/mails/:uid/': 'mail:read',
  'POST /api/mail/administration/mails/:uid/resend/': 'mail:manage',
  'POST /api/mail/administration/mails/:uid/cancel/': 'mail:manage',
  'POST /api/intake/care-request/': 'care:create',
  'GET /api/care/incoming/care-requests/': 'care:read',
  'GET /api/care/archived/care-requests/': 'care:read',
  'GET /api/care/archived/care-requests/:uid/': 'care:read',
  'GET /api/care/archived/care-requests/:uid/contact/': 'care:contact',
  'DELETE /api/care/archived/care-requests/:uid/contact/': 'care:contact',
  'GET /api/care/care-requests/:uid/workflow/': 'care:read',
  'PATCH /api/care/care-requests/:uid/workflow/': 'care:work',
  'GET /api/care/care-requests/:uid/activity/': 'care:read',
  'GET /api/care/care-requests/:uid/notes/': 'care:read',
  'POST /api/care/care-requests/:uid/notes/': 'care:work',
  'PATCH /api/care/care-requests/:uid/notes/:note_uid/': 'care:work',
  'DELETE /api/care/care-requests/:uid/notes/:note_uid/': 'care:work',
  'GET /api/care/events/': 'care:read',
  'GET /api/care/assignees/': 'care:work',
  'GET /api/care/my-settings/': 'care:work',
  'PUT /api/care/my-settings/': 'care:work',
  'GET /api/files/search/': 'files:read',
  'POST /api/files/upload/': 'files:write',
  'GET /api/files/download/:uid/': 'files:read',
  'GET /api/files/files/:uid/': 'files:read',
  'PUT /api/files/files/:uid/references/': 'files:write',
  'PATCH /api/files/files/:uid/': 'files:write',
  'DELETE /api/files/files/:uid/': 'files:write',
  'POST /api/files/files/delete/': 'files:write',
  'GET /api/files/preview/:uid/': 'files:read',
  'GET /api/files/administration/access-tokens/': 'tokens:manage',
  'POST /api/files/administration/access-tokens/': 'tokens:manage',
  'DELETE /api/files/administration/access-tokens/:uid/': 'tokens:manage',
  'PUT /api/files/administration/access-tokens/:uid/revoke/': 'tokens:manage',
  'GET /api/pricing/token-info/': 'apiToken',
  'GET /api/pricing/administration/access-tokens/': 'tokens:manage',
  'POST /api/pricing/administration/access-tokens/': 'tokens:manage',
  'DELETE /api/pricing/administration/access-tokens/:uid/': 'tokens:manage',
  'PUT /api/pricing/administration/access-tokens/:uid/revoke/': 'tokens:manage',
  'GET /api/auth/administration/statistics/': 'users:read',
  'GET /api/mail/administration/statistics/': 'mail:read',
  'GET /api/care/statistics/': 'care:read',
  'GET /api/files/statistics/': 'files:read',
  'GET /api/files/administration/access-tokens/statistics/': 'tokens:manage',
  'GET /api/pricing/administration/access-tokens/statistics/': 'tokens:manage',
};

/** `METHOD /path` of every service route, read from the router (HEAD routes are Fastify's copies of GET routes). */
function serviceRoutes(app: TestApp['app']): string[] {
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│├└─ ]*)(\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    parents.length = depth;
    const path = parents.join('') + match[2];
    parents.push(match[2]);
    for (const method of match[3].split(', '))
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${path}`);
  }
  return routes.filter((route) => route.includes(' /api/') && !route.includes(' /api/docs')).sort();
}

const userPermissions = Object.entries(ROUTES).filter((entry): entry is [string, Permission] =>
  PERMISSIONS.includes(entry[1] as Permission),
);
const roleName = (prefix: string, permission: Permission) => `${prefix}-${permission.replace(':', '-')}`;

let t: Awaited<ReturnType<typeof createFilesTestApp>>;
/** Per permission: the access token of a user whose role grants only it, and of one whose role grants everything else. */
const only = new Map<Permission, string>();
const allBut = new Map<Permission, string>();
let roleless: string;

async function tokenWithRole(role: string, permissions: Permission[]) {
  const policy = await t.as({ method: 'PUT', url: `${AUTH}/administration/roles/${role}/`, payload: { permissions } });
  expect(policy.statusCode).toBe(200);
  const user = await t.createUser({ roles: [role] });
  return (await t.signIn(user.username, user.password)).access_token;
}

beforeAll(async () => {
  t = await createFilesTestApp();
  for (const permission of PERMISSIONS) {
    only.set(permission, await tokenWithRole(roleName('only', permission), [permission]));
    allBut.set(
      permission,
      await tokenWithRole(
        roleName('all-but', permission),
        PERMISSIONS.filter((other) => other !== permission),
      ),
    );
  }
  const user = await t.createUser();
  roleless = (await t.signIn(user.username, user.password)).access_token;
}, 120_000);
afterAll(() => t?.cleanUp());

/** The route called with placeholder parameters and an empty body: enough to pass or fail authorization. */
function call(route: string, token: string) {
  const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
  const url = path.replace(':uid', '00000000-0000-4000-8000-0000000000aa').replace(':role', 'some-role');
  const payload = method === 'POST' || method === 'PUT' || method === 'PATCH' ? {} : undefined;
  return t.as({ method, url, payload, token, remoteAddress: uniqueAddress() });
}

test('the table names every route of the app, and only those', () => {
  expect(serviceRoutes(t.app)).toEqual(Object.keys(ROUTES).sort());
});

describe.each(userPermissions)('%s needs %s', (route, permission) => {
  test('refused with 403 naming the permission to a user whose role grants everything else', async () => {
    const response = await call(route, allBut.get(permission)!);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      type: '/problems/forbidden',
      title: 'Forbidden',
      status: 403,
      detail: `This needs the permission ${permission}.`,
      permission,
    });
  });

  test('past authorization for a user whose role grants only it', async () => {
    const response = await call(route, only.get(permission)!);
    expect(response.statusCode).not.toBe(401);
    expect(response.statusCode).not.toBe(403);
    expect(response.statusCode).toBeLessThan(500);
  });
});

/** Signed-in routes whose placeholder call answers neither 200 nor 400 once admitted: no such factor, no factor yet. */
const ADMITTED_ANSWERS: Record<string, number[]> = {
  'DELETE /api/auth/second-factors/:uid/': [404],
  'POST /api/auth/second-factors/recovery-codes/': [409],
};

test.each(Object.keys(ROUTES).filter((route) => ROUTES[route] === 'signed-in'))(
  '%s admits a user without any role',
  async (route) => {
    const response = await call(route, roleless);
    expect(ADMITTED_ANSWERS[route] ?? [200, 400]).toContain(response.statusCode);
  },
);

test('the intake still takes web forms without sign-in, but a Bearer must hold care:create', async () => {
  const form = {
    method: 'POST',
    url: '/api/intake/care-request/',
    payload: 'Vorname=Anna',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  } as const;
  const anonymous = await t.inject({ ...form, remoteAddress: uniqueAddress() });
  expect(anonymous.json()).toMatchObject({ status: 400, type: '/problems/validation-error' });
  const refused = await t.as({ ...form, token: roleless, remoteAddress: uniqueAddress() });
  expect(refused.json()).toMatchObject({ status: 403, permission: 'care:create' });
  const admitted = await t.as({ ...form, token: only.get('care:create'), remoteAddress: uniqueAddress() });
  expect(admitted.json()).toMatchObject({ status: 400, type: '/problems/validation-error' });
});

test('GET /info/ names the effective permissions in the fixed order', async () => {
  const info = async (token?: string) =>
    (await t.as({ method: 'GET', url: `${AUTH}/info/`, token })).json<{ permissions: string[] }>().permissions;
  expect(await info()).toEqual([...PERMISSIONS]);
  expect(await info(roleless)).toEqual([]);
  const dispatcher = await t.createUser({ roles: ['dispatcher', 'no-such-role'] });
  const token = (await t.signIn(dispatcher.username, dispatcher.password)).access_token;
  expect(await info(token)).toEqual([
    'mail:read',
    'files:read',
    'files:write',
    'care:read',
    'care:create',
    'care:contact',
    'care:work',
  ]);
  expect(await info(allBut.get('mail:send'))).toEqual(PERMISSIONS.filter((permission) => permission !== 'mail:send'));
});

test("the OpenAPI document names each route's permission and its 403", async () => {
  const docs = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, { description?: string; responses: object }>>;
  }>();
  const users = docs.paths['/api/auth/administration/users/'].get;
  expect(users.description).toContain('Users need the permission `users:read`.');
  expect(users.responses).toHaveProperty('403');
  expect(docs.paths['/api/files/search/'].get.description).toContain(
    'Users (not API tokens) need the permission `files:read`.',
  );
  expect(docs.paths['/api/auth/info/'].get.responses).not.toHaveProperty('403');
});

describe('start-up check', () => {
  const appWith = (config: Record<string, unknown>, url = '/api/x/') => {
    const app = Fastify();
    app.addHook('onRoute', assertPermissionDeclared);
    return () => app.get(url, { config }, () => 'ok');
  };

  test('a route admitting users without a permission stops the app, naming the route', () => {
    expect(appWith({})).toThrow(/GET \/api\/x\/ admits signed-in users but declares no config\.permission/);
    expect(appWith({ auth: 'apiTokenOrUser' }, '/api/files/x/')).toThrow(/declares no config\.permission/);
    expect(appWith({ auth: 'publicOrUser' })).toThrow(/declares no config\.permission/);
    expect(appWith({ permission: 'users:everything' })).toThrow(/unknown permission users:everything/);
  });

  test('a route admitting API tokens must lie under a service that has them', () => {
    expect(appWith({ auth: 'apiToken' })).toThrow(/GET \/api\/x\/ admits API tokens, but no API-token scope serves/);
    expect(appWith({ auth: 'apiTokenOrUser', permission: 'files:read' }, '/api/mail/x/')).toThrow(
      /no API-token scope serves/,
    );
  });

  test('public and API-token routes need none; user routes with one are accepted', () => {
    expect(appWith({ auth: 'public' })).not.toThrow();
    expect(appWith({ auth: 'apiToken' }, '/api/pricing/x/')).not.toThrow();
    expect(appWith({ permission: 'signed-in' })).not.toThrow();
    expect(appWith({ auth: 'apiTokenOrUser', permission: 'files:read' }, '/api/files/x/')).not.toThrow();
  });
});

describe('ACCESS_POLICY=open', () => {
  let open: TestApp;
  beforeAll(async () => {
    open = await createTestApp({ config: { trust: { ...testConfig().trust, accessPolicy: 'open' } } });
  });
  afterAll(() => open?.close());

  test('every signed-in user holds every permission and may use every route', async () => {
    const [user, other] = [await open.createUser(), await open.createUser({ roles: ['administrator'] })];
    const token = (await open.signIn(user.username, user.password)).access_token;
    const info = (await open.as({ method: 'GET', url: `${AUTH}/info/`, token })).json<{
      roles: string[];
      permissions: string[];
    }>();
    expect(info).toMatchObject({ roles: [], permissions: [...PERMISSIONS] });
    expect((await open.as({ method: 'GET', url: `${AUTH}/administration/users/`, token })).statusCode).toBe(200);
    expect((await open.as({ method: 'GET', url: '/api/care/incoming/care-requests/', token })).statusCode).toBe(200);
    const policy = await open.as({
      method: 'PUT',
      url: `${AUTH}/administration/roles/caregiver/`,
      token,
      payload: { permissions: ['care:read'] },
    });
    expect(policy.json()).toEqual({ role: 'caregiver', permissions: ['care:read'], second_factor_required: false });
    const ban = await open.as({
      method: 'POST',
      url: `${AUTH}/administration/ban-users/`,
      token,
      payload: { uids: [other.domain_user.uid] },
    });
    expect(ban.statusCode).toBe(200);
  });
});
