import { eq, sql } from 'drizzle-orm';
import { rolePermissions, users } from '../../../server/db/schema';
import { AuthCache, USER_CHANGES_CHANNEL, type KnownUser } from '../../../server/authentication/cache';
import { AUTH, bearer, createTestApp, type TestApp } from '../support/helpers';

/**
 * The authentication's per-process cache (server/authentication/cache.ts): every change through the service counts from the next
 * request. Each test first changes the database behind the service's back and sees the cached answer stay, so it fails without
 * the invalidation it checks.
 */

const INFO = `${AUTH}/info/`;
const USERS = `${AUTH}/administration/users/`;

describe('the authentication cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  async function signedInUser(roles: string[] = []) {
    const user = await t.createUser({ roles });
    const pair = await t.signIn(user.username, user.password);
    const uid = user.domain_user.uid;
    const info = () => t.inject({ method: 'GET', url: INFO, headers: bearer(pair.access_token) });
    return { user, uid, pair, info };
  }

  /** Changes the user's public name in the database only: the service still answers its cached copy until it forgets it. */
  async function renameBehindTheBack(uid: string, name: string) {
    await t.db.update(users).set({ publicName: name }).where(eq(users.uid, uid));
  }

  async function expectCachedName(info: () => Promise<{ json: () => unknown }>, cached: string) {
    expect((await info()).json()).toMatchObject({ public_name: cached });
  }

  test('a ban counts from the next request; a ban written behind the service does not (the user is cached)', async () => {
    const { uid, info, user } = await signedInUser();
    expect((await info()).statusCode).toBe(200);
    await t.db.update(users).set({ bannedAt: new Date() }).where(eq(users.uid, uid));
    expect((await info()).statusCode).toBe(200);
    await renameBehindTheBack(uid, 'Renamed behind the back');
    await expectCachedName(info, user.domain_user.public_name);

    expect(
      (await t.as({ method: 'POST', url: `${AUTH}/administration/ban-users/`, payload: { uids: [uid] } })).statusCode,
    ).toBe(200);
    const refused = await info();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ detail: 'The user is banned.' });
  });

  test('an unban counts from the next sign-in; the tokens of before the ban stay refused', async () => {
    const { uid, info, user } = await signedInUser();
    await t.as({ method: 'POST', url: `${AUTH}/administration/ban-users/`, payload: { uids: [uid] } });
    expect((await info()).statusCode).toBe(401);
    expect(
      (await t.as({ method: 'POST', url: `${AUTH}/administration/unban-users/`, payload: { uids: [uid] } })).statusCode,
    ).toBe(200);
    expect((await info()).json()).toMatchObject({ status: 401, detail: 'The session of the access token has ended.' });
    const after = await t.signIn(user.username, user.password);
    expect((await t.inject({ method: 'GET', url: INFO, headers: bearer(after.access_token) })).statusCode).toBe(200);
  });

  test("a change of the user's roles counts from the next request, also on another service's route", async () => {
    const { uid, user, pair, info } = await signedInUser(['caregiver']);
    const incoming = () =>
      t.inject({ method: 'GET', url: '/api/care/incoming/care-requests/', headers: bearer(pair.access_token) });
    expect((await incoming()).statusCode).toBe(403);
    await t.db
      .update(users)
      .set({ roles: ['dispatcher'] })
      .where(eq(users.uid, uid));
    expect((await incoming()).statusCode).toBe(403);
    expect((await info()).json()).toMatchObject({ roles: ['caregiver'] });

    const edit = await t.as({
      method: 'PUT',
      url: `${USERS}${uid}/domain-user/`,
      payload: { uid, public_name: user.domain_user.public_name, roles: ['dispatcher'] },
    });
    expect(edit.statusCode).toBe(200);
    expect((await incoming()).statusCode).toBe(200);
    expect((await info()).json()).toMatchObject({
      roles: ['dispatcher'],
      permissions: expect.arrayContaining(['care:read']),
    });
  });

  test("a change of the role policy counts from every holder's next request", async () => {
    const putPolicy = (permissions: string[]) =>
      t.as({ method: 'PUT', url: `${AUTH}/administration/roles/cache%20readers/`, payload: { permissions } });
    expect((await putPolicy([])).statusCode).toBe(200);
    const first = await signedInUser(['cache readers']);
    const second = await signedInUser(['cache readers']);
    const listAs = (token: string) => t.inject({ method: 'GET', url: USERS, headers: bearer(token) });
    expect((await listAs(first.pair.access_token)).statusCode).toBe(403);
    expect((await listAs(second.pair.access_token)).statusCode).toBe(403);
    await t.db
      .update(rolePermissions)
      .set({ permissions: ['users:read'] })
      .where(eq(rolePermissions.role, 'cache readers'));
    expect((await listAs(first.pair.access_token)).statusCode).toBe(403);

    expect((await putPolicy(['users:read'])).statusCode).toBe(200);
    expect((await listAs(first.pair.access_token)).statusCode).toBe(200);
    expect((await listAs(second.pair.access_token)).statusCode).toBe(200);
  });

  test('password changes, session ends and refresh-token revocations forget the user: the sessions they end are refused at once', async () => {
    const { uid, user, pair, info } = await signedInUser();
    const infoOf = (token: string) => t.inject({ method: 'GET', url: INFO, headers: bearer(token) });
    const ended = { status: 401, detail: 'The session of the access token has ended.' };
    const laterSession = await t.signIn(user.username, user.password);
    await expectCachedName(() => infoOf(laterSession.access_token), user.domain_user.public_name);
    await renameBehindTheBack(uid, 'Renamed 0');
    await expectCachedName(info, user.domain_user.public_name);
    expect(
      (await t.as({ method: 'DELETE', url: `${USERS}${uid}/sessions/${familyOf(laterSession.access_token)}/` }))
        .statusCode,
    ).toBe(204);
    await expectCachedName(info, 'Renamed 0');
    expect((await infoOf(laterSession.access_token)).json()).toMatchObject(ended);

    const otherSession = await t.signIn(user.username, user.password);
    await renameBehindTheBack(uid, 'Renamed 1');
    const ownChange = { username: user.username, password: 'changed-by-the-user' };
    expect(
      (
        await t.inject({
          method: 'PUT',
          url: `${AUTH}/update-password-authentication/`,
          headers: bearer(pair.access_token),
          payload: ownChange,
        })
      ).statusCode,
    ).toBe(200);
    await expectCachedName(info, 'Renamed 1');
    expect((await infoOf(otherSession.access_token)).json()).toMatchObject(ended);

    const bySetting = { username: user.username, password: 'set-by-an-administrator' };
    expect(
      (await t.as({ method: 'PUT', url: `${USERS}${uid}/password-authentication/`, payload: bySetting })).statusCode,
    ).toBe(200);
    expect((await info()).json()).toMatchObject(ended);

    const last = await t.signIn(user.username, 'set-by-an-administrator');
    expect((await infoOf(last.access_token)).statusCode).toBe(200);
    expect(
      (await t.as({ method: 'POST', url: `${AUTH}/administration/revoke-refresh-tokens/`, payload: { uids: [uid] } }))
        .statusCode,
    ).toBe(200);
    expect((await infoOf(last.access_token)).json()).toMatchObject(ended);
  });

  test('a user edited behind the service is read again once its cached copy is older than the safety net allows', () => {
    let now = 1_000_000;
    const cache = new AuthCache({ maxTokens: 10, maxUsers: 10, userMaxAgeMs: 30_000 }, { now: () => now });
    cache.rememberUser(aUser('a'), cache.readMark);
    now += 29_999;
    expect(cache.userOf('a')).toBeDefined();
    now += 1;
    expect(cache.userOf('a')).toBeUndefined();
  });
});

describe('verified access tokens in the cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { accessTokenTtlSeconds: 2 } });
  });
  afterAll(() => t?.close());

  test('an expired token is refused although it was cached', async () => {
    const pair = await t.signIn('admin', 'admin-password');
    const info = () => t.inject({ method: 'GET', url: INFO, headers: bearer(pair.access_token) });
    expect((await info()).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, pair.expires * 1000 - Date.now()) + 50));
    const refused = await info();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ detail: 'The access token is invalid or expired.' });
  });
});

describe('AuthCache bounds', () => {
  test('keeps at most maxTokens tokens and maxUsers users, forgetting the least recently used', () => {
    const cache = new AuthCache({ maxTokens: 2, maxUsers: 2, userMaxAgeMs: 60_000 });
    const claims = (uid: string) => ({
      uid,
      sessionFamily: uid,
      authenticatedAt: 0,
      enrollmentOnly: false,
      expires: Math.floor(Date.now() / 1000) + 60,
    });
    cache.rememberClaims('t1', claims('a'));
    cache.rememberClaims('t2', claims('b'));
    expect(cache.claimsOf('t1')).toBeDefined();
    cache.rememberClaims('t3', claims('c'));
    expect([cache.claimsOf('t1'), cache.claimsOf('t2'), cache.claimsOf('t3')].map(Boolean)).toEqual([
      true,
      false,
      true,
    ]);

    for (const uid of ['a', 'b']) cache.rememberUser(aUser(uid), cache.readMark);
    expect(cache.userOf('a')).toBeDefined();
    cache.rememberUser(aUser('c'), cache.readMark);
    expect(['a', 'b', 'c'].map((uid) => Boolean(cache.userOf(uid)))).toEqual([true, false, true]);
  });

  test('a token is kept until its exp and not a millisecond longer', () => {
    let now = 5_000_000;
    const cache = new AuthCache({ maxTokens: 10, maxUsers: 10, userMaxAgeMs: 60_000 }, { now: () => now });
    cache.rememberClaims('token', {
      uid: 'a',
      sessionFamily: 'a',
      authenticatedAt: 5_000,
      enrollmentOnly: false,
      expires: 5_010,
    });
    now = 5_009_999;
    expect(cache.claimsOf('token')).toBeDefined();
    now = 5_010_000;
    expect(cache.claimsOf('token')).toBeUndefined();
  });

  test('a user read before a change is not kept after it; while changes may go unheard no user is kept', () => {
    const cache = new AuthCache();
    const mark = cache.readMark;
    cache.forget({ users: ['a'] });
    cache.rememberUser(aUser('a'), mark);
    expect(cache.userOf('a')).toBeUndefined();

    cache.rememberUser(aUser('a'), cache.readMark);
    cache.setKeepingUsers(false);
    expect(cache.userOf('a')).toBeUndefined();
    cache.rememberUser(aUser('a'), cache.readMark);
    expect(cache.userOf('a')).toBeUndefined();
    cache.setKeepingUsers(true);
    cache.rememberUser(aUser('a'), cache.readMark);
    expect(cache.userOf('a')).toBeDefined();
  });

  test('beyond its limit the cache forgets the user read least recently', () => {
    const cache = new AuthCache({ maxTokens: 2, maxUsers: 2, userMaxAgeMs: 60_000 });
    cache.rememberUser(aUser('a'), cache.readMark);
    cache.rememberUser(aUser('b'), cache.readMark);
    cache.userOf('a');
    cache.rememberUser(aUser('c'), cache.readMark);
    expect(['a', 'b', 'c'].map((uid) => cache.userOf(uid)?.uid)).toEqual(['a', undefined, 'c']);
  });
});

function aUser(uid: string): KnownUser {
  const secondFactor = { enrolled: false, required: false, requiredSince: null, recoveryCodesLeft: 0 };
  return { uid, publicName: uid, roles: [], banned: false, permissions: [], liveSessions: new Set(), secondFactor };
}

/** The session family of an access token: its `sid` claim. */
function familyOf(accessToken: string): string {
  return (JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()) as { sid: string }).sid;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('losing the LISTEN connection (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** The authentication's LISTEN connection (the care events keep one of their own). */
  const ownListen = sql`datname = current_database() and pid <> pg_backend_pid() and query = ${`listen "${USER_CHANGES_CHANNEL}"`}`;
  const listeners = async () =>
    (await t.db.execute(sql`select pid from pg_stat_activity where ${ownListen}`)) as { rows: unknown[] };

  async function within(ms: number, check: () => Promise<boolean>) {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  test('users are read through while it is down, and kept again once it is back; a ban still counts at once', async () => {
    const user = await t.createUser();
    const { access_token } = await t.signIn(user.username, user.password);
    const uid = user.domain_user.uid;
    const name = async () =>
      (await t.inject({ method: 'GET', url: INFO, headers: bearer(access_token) })).json<{ public_name?: string }>()
        .public_name;
    const rename = (to: string) => t.db.update(users).set({ publicName: to }).where(eq(users.uid, uid));
    expect(await name()).toBe(user.domain_user.public_name);
    await rename('While listening');
    expect(await name()).toBe(user.domain_user.public_name);

    expect((await listeners()).rows).toHaveLength(1);
    await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where ${ownListen}`);
    await within(5_000, async () => (await name()) === 'While listening');

    await within(10_000, async () => (await listeners()).rows.length === 1);
    // The LISTEN shows in pg_stat_activity a moment before the listener reports itself back: wait until a read user is kept again
    // (a rename behind the service is not seen).
    let probes = 0;
    await within(5_000, async () => {
      const read = await name();
      await rename(`Probe ${++probes}`);
      return (await name()) === read;
    });
    const kept = await name();
    await rename('After the reconnect');
    expect(await name()).toBe(kept);
    await t.as({ method: 'POST', url: `${AUTH}/administration/ban-users/`, payload: { uids: [uid] } });
    expect((await t.inject({ method: 'GET', url: INFO, headers: bearer(access_token) })).statusCode).toBe(401);
  });
});
