import { Writable } from 'node:stream';
import { AUTH, basic, bearer, createTestApp, unique, type TestApp } from '../support/helpers';

/** What the app around the auth service offers, and what every route of the auth service has in common. */
let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ logger: { level: 'trace', stream } });
});
afterAll(() => t?.close());

const GUARDED_ROUTES: [string, string][] = [
  ['GET', '/info/'],
  ['PUT', '/update-password-authentication/'],
  ['POST', '/administration/users/'],
  ['GET', '/administration/users/'],
  ['GET', '/administration/users/{uid}/'],
  ['PUT', '/administration/users/{uid}/domain-user/'],
  ['PUT', '/administration/users/{uid}/password-authentication/'],
  ['POST', '/administration/revoke-refresh-tokens/'],
  ['POST', '/administration/ban-users/'],
  ['POST', '/administration/unban-users/'],
  ['POST', '/administration/unlock-users/'],
  ['GET', '/administration/users/{uid}/sessions/'],
  ['DELETE', '/administration/users/{uid}/sessions/{family}/'],
  ['GET', '/administration/roles/'],
  ['PUT', '/administration/roles/{role}/'],
];
const withUid = (path: string) =>
  path
    .replace('{uid}', '6e8bc430-9c3a-11d9-9669-0800200c9a66')
    .replace('{family}', '7e8bc430-9c3a-11d9-9669-0800200c9a66')
    .replace('{role}', 'dispatcher');

test('GET /api/health reports the database', async () => {
  const response = await t.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({
    status: 'ok',
    database: { kind: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', reachable: true },
  });
});

test('GET /config.json answers the service bases, uncached', async () => {
  const response = await t.inject({ method: 'GET', url: '/config.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.json()).toMatchObject({
    authUrl: '/api/auth',
    mailUrl: '/api/mail',
    filesUrl: '/api/files',
    pricingUrl: '/api/pricing',
    careUrl: '/api/care',
    intakeUrl: '/api/intake',
    auditUrl: '/api/audit',
  });
});

test('an unknown API path answers a 404 problem body', async () => {
  const response = await t.inject({ method: 'GET', url: `${AUTH}/nothing-here/` });
  expect(response.statusCode).toBe(404);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.json()).toEqual({
    type: '/problems/not-found',
    title: 'Not Found',
    status: 404,
    detail: `No route for GET ${AUTH}/nothing-here/`,
  });
});

test.each(GUARDED_ROUTES)('%s %s answers 401 without an access token', async (method, path) => {
  const response = await t.inject({
    method: method,
    url: `${AUTH}${withUid(path)}`,
    payload: method === 'GET' ? undefined : {},
  });
  expect(response.statusCode).toBe(401);
  expect(response.json()).toMatchObject({
    type: '/problems/unauthorized',
    title: 'Unauthorized',
    status: 401,
    detail: expect.any(String),
  });
});

test.each([
  ['GET', '/administration/users/?verbose=true', 'verbose'],
  ['GET', `/administration/users/${'6e8bc430-9c3a-11d9-9669-0800200c9a66'}/?verbose=true`, 'verbose'],
  ['POST', '/token/?username=admin', 'username'],
])('%s %s refuses an unknown query parameter with 400 on its field', async (method, path, field) => {
  const response = await t.as({ method: method, url: `${AUTH}${path}` });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    type: '/problems/validation-error',
    status: 400,
    field,
    detail: `${field} is not a known field`,
  });
});

test('/api/docs documents every auth route with tag, summary, security and responses', async () => {
  const response = await t.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  const document = response.json<{
    paths: Record<
      string,
      Record<string, { tags: string[]; summary: string; security: unknown[]; responses: Record<string, unknown> }>
    >;
  }>();
  const documented = [['POST', '/token/'], ...GUARDED_ROUTES].map(
    ([method, path]) => [method, path, document.paths[`${AUTH}${path}`]?.[method.toLowerCase()]] as const,
  );
  for (const [method, path, operation] of documented) {
    expect(operation, `${method} ${path}`).toBeDefined();
    expect(operation.tags).toEqual(['auth']);
    expect(operation.summary).toEqual(expect.any(String));
    expect(operation.security.length).toBeGreaterThan(0);
    expect(Object.keys(operation.responses)).toContain('401');
  }
});

test('nothing secret reaches the log, and no response shows a secret', async () => {
  const user = await t.createUser({ password: 'log-me-not-password' });
  const pair = await t.signIn(user.username, user.password);
  await t.inject({ method: 'POST', url: `${AUTH}/token/`, headers: basic(user.username, 'wrong-but-secret-password') });
  const renewed = (
    await t.inject({ method: 'POST', url: `${AUTH}/token/`, headers: bearer(pair.refresh_token) })
  ).json<{ refresh_token: string; access_token: string }>();
  await t.inject({ method: 'POST', url: `${AUTH}/token/`, headers: bearer(pair.refresh_token) });
  await t.as({
    method: 'PUT',
    url: `${AUTH}/update-password-authentication/`,
    token: renewed.access_token,
    payload: { username: unique(), password: 'changed-secret-password' },
  });
  await t.as({
    method: 'POST',
    url: `${AUTH}/administration/users/`,
    payload: { username: unique(), password: 'too-many-fields-password', public_name: 'Some Body', roles: [], x: 1 },
  });

  const log = logLines.join('');
  expect(log).toContain('request completed');
  const secrets = [
    'log-me-not-password',
    'wrong-but-secret-password',
    'changed-secret-password',
    'too-many-fields-password',
    pair.refresh_token,
    renewed.refresh_token,
    pair.access_token,
    renewed.access_token,
    '$argon2',
  ];
  expect(secrets.filter((secret) => log.includes(secret))).toEqual([]);
  expect(await t.responsesShowingSecrets()).toEqual([]);
});
