import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { auditEvents, sessions } from '../../../server/db/schema';
import { AUTH, basic, bearer, createTestApp, uniqueAddress, type TestApp, type TokenPair } from '../support/helpers';

/** Sessions (refresh-token families): listing and revoking them, and password changes that end them. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

interface Session {
  family: string;
  created: number;
  last_used: number;
  address: string | null;
  user_agent: string | null;
}

const USERS = `${AUTH}/administration/users/`;
const sessionsOf = (uid: string) => t.as({ method: 'GET', url: `${USERS}${uid}/sessions/` });
const revoke = (uid: string, family: string) => t.as({ method: 'DELETE', url: `${USERS}${uid}/sessions/${family}/` });
const exchange = (refreshToken: string) =>
  t.inject({ method: 'POST', url: `${AUTH}/token/`, headers: bearer(refreshToken) });
const familyOf = (pair: TokenPair) => decodeJwt(pair.access_token).sid as string;

async function signIn(
  username: string,
  password: string,
  headers: Record<string, string> = {},
  remoteAddress = uniqueAddress(),
): Promise<TokenPair> {
  const response = await t.inject({
    method: 'POST',
    url: `${AUTH}/token/`,
    headers: { ...basic(username, password), ...headers },
    remoteAddress,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

test('a sign-in starts a session with address and user agent; the access token names it in sid; an exchange updates its last use', async () => {
  const user = await t.createUser();
  const address = uniqueAddress();
  const before = Math.floor(Date.now() / 1000);
  const pair = await signIn(user.username, user.password, { 'user-agent': 'Firefox/140' }, address);
  const family = familyOf(pair);
  expect(family).toMatch(/^[0-9a-f-]{36}$/);

  const listed = await sessionsOf(user.domain_user.uid);
  expect(listed.statusCode).toBe(200);
  const [session] = listed.json<Session[]>();
  expect(listed.json()).toHaveLength(1);
  expect(session).toEqual({
    family,
    created: expect.any(Number),
    last_used: expect.any(Number),
    address,
    user_agent: 'Firefox/140',
  });
  expect(session.created).toBeGreaterThanOrEqual(before);

  await new Promise((resolve) => setTimeout(resolve, 1100));
  const renewed = (await exchange(pair.refresh_token)).json<TokenPair>();
  expect(familyOf(renewed)).toBe(family);
  const [used] = (await sessionsOf(user.domain_user.uid)).json<Session[]>();
  expect(used.last_used).toBeGreaterThan(session.last_used);
});

test('sessions are listed most recently used first; a user agent is kept to 512 characters', async () => {
  const user = await t.createUser();
  const first = await signIn(user.username, user.password, { 'user-agent': 'x'.repeat(600) });
  const second = await signIn(user.username, user.password);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await exchange(first.refresh_token);
  const sessions = (await sessionsOf(user.domain_user.uid)).json<Session[]>();
  expect(sessions.map((session) => session.family)).toEqual([familyOf(first), familyOf(second)]);
  expect(sessions[0].user_agent).toBe('x'.repeat(512));
  expect(sessions[1].user_agent).toBe('lightMyRequest');
});

test("revoking a session refuses its refresh token, leaves the user's others, and is audited", async () => {
  const user = await t.createUser();
  const ended = await signIn(user.username, user.password);
  const kept = await signIn(user.username, user.password);
  const response = await revoke(user.domain_user.uid, familyOf(ended).toUpperCase());
  expect(response.statusCode).toBe(204);
  expect(response.body).toBe('');
  expect((await exchange(ended.refresh_token)).json()).toMatchObject({
    status: 401,
    type: '/problems/invalid-refresh-token',
  });
  expect((await exchange(kept.refresh_token)).statusCode).toBe(200);
  expect((await sessionsOf(user.domain_user.uid)).json<Session[]>().map((session) => session.family)).toEqual([
    familyOf(kept),
  ]);
  const events = await t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'session.revoke'), eq(auditEvents.targetId, familyOf(ended))));
  expect(events).toMatchObject([
    {
      actorName: 'Administrator',
      targetType: 'session',
      targetLabel: user.domain_user.public_name,
      changes: { user: user.domain_user.uid },
    },
  ]);
});

test("revoking an unknown family, another user's or an ended one answers 404; an unknown user 404", async () => {
  const user = await t.createUser();
  const other = await t.createUser();
  const pair = await signIn(other.username, other.password);
  const unknownFamily = '00000000-0000-4000-8000-000000000000';
  for (const [uid, family] of [
    [user.domain_user.uid, unknownFamily],
    [user.domain_user.uid, familyOf(pair)],
  ]) {
    const response = await revoke(uid, family);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ type: '/problems/not-found', field: 'family' });
  }
  expect((await revoke(other.domain_user.uid, familyOf(pair))).statusCode).toBe(204);
  expect((await revoke(other.domain_user.uid, familyOf(pair))).statusCode).toBe(404);
  expect((await sessionsOf(unknownFamily)).json()).toMatchObject({ status: 404, type: '/problems/user-not-found' });
  expect((await revoke(unknownFamily, familyOf(pair))).json()).toMatchObject({
    status: 404,
    type: '/problems/user-not-found',
  });
});

test('revoke-refresh-tokens ends the sessions; reuse of a refresh token ends its session and is audited', async () => {
  const user = await t.createUser();
  await signIn(user.username, user.password);
  const revoked = await t.as({
    method: 'POST',
    url: `${AUTH}/administration/revoke-refresh-tokens/`,
    payload: { uids: [user.domain_user.uid] },
  });
  expect(revoked.json()).toEqual({ revoked: 1 });
  expect((await sessionsOf(user.domain_user.uid)).json()).toEqual([]);

  const address = uniqueAddress();
  const pair = await signIn(user.username, user.password);
  expect((await exchange(pair.refresh_token)).statusCode).toBe(200);
  const reused = await t.inject({
    method: 'POST',
    url: `${AUTH}/token/`,
    headers: bearer(pair.refresh_token),
    remoteAddress: address,
  });
  expect(reused.json()).toMatchObject({ type: '/problems/refresh-token-reused' });
  expect((await sessionsOf(user.domain_user.uid)).json()).toEqual([]);
  const events = await t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'refresh-token.reuse'), eq(auditEvents.targetId, user.domain_user.uid)));
  expect(events).toMatchObject([{ actorUid: null, address, outcome: 'refused', changes: { session: familyOf(pair) } }]);
});

test("the user's own password change ends the other sessions and keeps the current one", async () => {
  const user = await t.createUser();
  const current = await signIn(user.username, user.password);
  const other = await signIn(user.username, user.password);
  const response = await t.as({
    method: 'PUT',
    url: `${AUTH}/update-password-authentication/`,
    token: current.access_token,
    payload: { username: user.username, password: 'a-fresh-own-password' },
  });
  expect(response.statusCode).toBe(200);
  expect((await exchange(other.refresh_token)).statusCode).toBe(401);
  expect((await exchange(current.refresh_token)).statusCode).toBe(200);
  expect((await sessionsOf(user.domain_user.uid)).json<Session[]>().map((session) => session.family)).toEqual([
    familyOf(current),
  ]);
});

test("an administrator's password set ends every session of the user; a username-only change ends none", async () => {
  const user = await t.createUser();
  const first = await signIn(user.username, user.password);
  const url = `${USERS}${user.domain_user.uid}/password-authentication/`;
  expect((await t.as({ method: 'PUT', url, payload: { type: 'password', username: user.username } })).statusCode).toBe(
    200,
  );
  expect((await sessionsOf(user.domain_user.uid)).json()).toHaveLength(1);
  const second = await signIn(user.username, user.password);
  expect(
    (await t.as({ method: 'PUT', url, payload: { username: user.username, password: 'set-by-the-admin' } })).statusCode,
  ).toBe(200);
  expect((await exchange(first.refresh_token)).statusCode).toBe(401);
  expect((await exchange(second.refresh_token)).statusCode).toBe(401);
  expect((await sessionsOf(user.domain_user.uid)).json()).toEqual([]);
});

test('no response showed a password, a password hash or a refresh token hash', async () => {
  expect(await t.responsesShowingSecrets()).toEqual([]);
});

test('a refresh token of a revoked session is refused even when the token itself escaped the revocation (issued meanwhile)', async () => {
  const user = await t.createUser();
  const pair = await signIn(user.username, user.password);
  // what a revocation racing an exchange leaves: the session revoked, the successor token not
  await t.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.family, familyOf(pair)));
  const response = await exchange(pair.refresh_token);
  expect(response.statusCode).toBe(401);
  expect(response.json()).toMatchObject({ type: '/problems/invalid-refresh-token' });
});
