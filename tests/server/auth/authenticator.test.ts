import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { users } from '../../../server/db/schema';
import { deriveKey } from '../../../server/shared/secrets';
import { AUTH, basic, bearer, createTestApp, type TestApp } from '../support/helpers';

/** The access-token check every guarded route (and later every service) goes through. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const info = (headers: Record<string, string>) => t.inject({ method: 'GET', url: `${AUTH}/info/`, headers });
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

interface Claims {
  sub?: string;
  iss?: string;
  aud?: string;
  exp?: number;
  /** The session: the administrator's live one unless given; null leaves the claim out. */
  sid?: string | null;
}

/** The session of the administrator's access token: tokens are only admitted in a live session of their user. */
async function adminSession(): Promise<string> {
  const [, payload] = (await t.adminToken()).split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString()).sid;
}

async function accessToken(claims: Claims, key = deriveKey(t.masterSecret, 'access-token')) {
  const now = Math.floor(Date.now() / 1000);
  const sid = claims.sid === undefined ? await adminSession() : claims.sid;
  let jwt = new SignJWT({ auth_time: now, ...(sid === null ? {} : { sid }) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(claims.exp ?? now + 60);
  if (claims.sub) jwt = jwt.setSubject(claims.sub);
  jwt = jwt.setIssuer(claims.iss ?? 'caredesk-auth').setAudience(claims.aud ?? 'caredesk');
  return jwt.sign(key);
}

async function adminUid() {
  return (await t.as({ method: 'GET', url: `${AUTH}/info/` })).json<{ uid: string }>().uid;
}

test('a token made with the right key for an existing user is accepted (the control case)', async () => {
  const response = await info(bearer(await accessToken({ sub: await adminUid() })));
  expect(response.statusCode).toBe(200);
  expect(response.json().public_name).toBe('Administrator');
});

describe('refused with 401', () => {
  test.each<[string, () => string | Promise<string>]>([
    [
      'a token signed with another key',
      async () => accessToken({ sub: await adminUid() }, deriveKey(Buffer.alloc(32, 9), 'access-token')),
    ],
    [
      'a token signed with the master secret itself',
      async () => accessToken({ sub: await adminUid() }, t.masterSecret),
    ],
    [
      'an unsigned token (alg none)',
      async () =>
        `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: await adminUid(), exp: 9_999_999_999 })}.`,
    ],
    ['an expired token', async () => accessToken({ sub: await adminUid(), exp: Math.floor(Date.now() / 1000) - 5 })],
    ['a token of another issuer', async () => accessToken({ sub: await adminUid(), iss: 'someone-else' })],
    ['a token for another audience', async () => accessToken({ sub: await adminUid(), aud: 'elsewhere' })],
    ['a token without subject', async () => accessToken({})],
    ['a token whose subject is no uuid', async () => accessToken({ sub: 'admin' })],
    ['a token of a user that does not exist', async () => accessToken({ sub: randomUUID() })],
    ['a token without a session', async () => accessToken({ sub: await adminUid(), sid: null })],
    ['a token of a session that does not exist', async () => accessToken({ sub: await adminUid(), sid: randomUUID() })],
    ['garbage', () => 'garbage'],
    ['three garbage segments', () => 'a.b.c'],
    [
      'a tampered payload',
      async () => {
        const [header, , signature] = (await accessToken({ sub: await adminUid() })).split('.');
        return `${header}.${base64url({ sub: randomUUID(), iss: 'caredesk-auth', aud: 'caredesk', exp: 9_999_999_999 })}.${signature}`;
      },
    ],
  ])('%s', async (_case, makeToken) => {
    const response = await info(bearer(await makeToken()));
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(response.json()).toMatchObject({ type: '/problems/unauthorized', title: 'Unauthorized', status: 401 });
  });

  test.each([
    ['no Authorization header', {}],
    ['Basic credentials', basic('admin', 'admin-password')],
    ['a Bearer scheme without token', { authorization: 'Bearer' }],
    ['an unknown scheme', { authorization: 'Token abc' }],
  ])('%s', async (_case, headers) => {
    const response = await info(headers);
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toEqual(expect.any(String));
  });

  test('a refresh token presented as access token', async () => {
    const pair = await t.signIn('admin', 'admin-password');
    expect((await info(bearer(pair.refresh_token))).statusCode).toBe(401);
  });

  test('before the body is validated, so that anonymous callers learn nothing about the request', async () => {
    const response = await t.inject({
      method: 'POST',
      url: `${AUTH}/administration/users/`,
      payload: { nonsense: true },
    });
    expect(response.statusCode).toBe(401);
  });
});

// no route deletes users; a row removed behind the service's back counts once this process has no cached copy (docs/performance.md)
test("a user's access token is refused when the user's row is gone", async () => {
  const user = await t.createUser();
  const pair = await t.signIn(user.username, user.password);
  await t.db.delete(users).where(eq(users.uid, user.domain_user.uid));
  const response = await info(bearer(pair.access_token));
  expect(response.statusCode).toBe(401);
  expect(response.json().detail).toBe('The access token belongs to no user.');
});

test("a ban refuses the user's existing access token from the next request on; after the unban it stays refused", async () => {
  const user = await t.createUser();
  const pair = await t.signIn(user.username, user.password);
  const uids = [user.domain_user.uid];
  expect((await info(bearer(pair.access_token))).statusCode).toBe(200);

  expect((await t.as({ method: 'POST', url: `${AUTH}/administration/ban-users/`, payload: { uids } })).statusCode).toBe(
    200,
  );
  const refused = await info(bearer(pair.access_token));
  expect(refused.statusCode).toBe(401);
  expect(refused.json().detail).toBe('The user is banned.');
  const listAsBanned = await t.as({ method: 'GET', url: `${AUTH}/administration/users/`, token: pair.access_token });
  expect(listAsBanned.statusCode).toBe(401);

  expect(
    (await t.as({ method: 'POST', url: `${AUTH}/administration/unban-users/`, payload: { uids } })).statusCode,
  ).toBe(200);
  const afterUnban = await info(bearer(pair.access_token));
  expect(afterUnban.statusCode).toBe(401);
  expect(afterUnban.json().detail).toBe('The session of the access token has ended.');
  expect((await info(bearer((await t.signIn(user.username, user.password)).access_token))).statusCode).toBe(200);
});

test('no response showed a password, a password hash or a refresh token hash', async () => {
  expect(await t.responsesShowingSecrets()).toEqual([]);
});
