import { eq } from 'drizzle-orm';
import { accessTokenKey, signAccessToken } from '../../../server/authentication/access-tokens';
import { auditEvents, secondFactors, users } from '../../../server/db/schema';
import { AUTH, bearer, createTestApp, type TestApp } from '../support/helpers';

/**
 * Who must use a second factor (the role policy's second_factor_required), the grace period and the sessions that may only
 * enroll, and the routes that need a recent authentication.
 */

const GRACE_DAYS = 14;
const DAY_MS = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { secondFactorGraceDays: GRACE_DAYS } });
});
afterAll(() => t?.close());

const ROLES = `${AUTH}/administration/roles/`;
const USERS = `${AUTH}/administration/users/`;
const requiredSince = async (uid: string) =>
  (await t.db.select({ since: users.secondFactorRequiredSince }).from(users).where(eq(users.uid, uid)))[0].since;
const setPolicy = (role: string, permissions: string[], required?: boolean) =>
  t.as({
    method: 'PUT',
    url: `${ROLES}${encodeURIComponent(role)}/`,
    payload: { permissions, ...(required === undefined ? {} : { second_factor_required: required }) },
  });
const info = (token: string) => t.inject({ method: 'GET', url: `${AUTH}/info/`, headers: bearer(token) });
const sessionOf = (accessToken: string) =>
  JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).sid as string;

async function signedIn(roles: string[]) {
  const user = await t.createUser({ roles });
  const pair = await t.signIn(user.username, user.password);
  return { user, uid: user.domain_user.uid, token: pair.access_token };
}

/** Moves the start of the user's requirement into the past, as if it had been required for that many days. */
const requiredFor = (uid: string, days: number) =>
  t.db
    .update(users)
    .set({ secondFactorRequiredSince: new Date(Date.now() - days * DAY_MS) })
    .where(eq(users.uid, uid));

describe('the role policy decides who needs a second factor', () => {
  test('administrator, ceo and dispatcher (every role granting care:contact) require one by default; a new role does not until the policy says so', async () => {
    const roles = (await t.as({ method: 'GET', url: ROLES })).json<
      { role: string; second_factor_required: boolean }[]
    >();
    expect(roles.filter((role) => role.second_factor_required).map((role) => role.role)).toEqual([
      'administrator',
      'ceo',
      'dispatcher',
    ]);
    expect((await setPolicy('night nurse', ['care:read'])).json()).toMatchObject({ second_factor_required: false });
  });

  test("requiring it starts the grace period of the role's users; leaving it out keeps it; ending it ends theirs", async () => {
    const { uid } = await signedIn(['gp role']);
    expect(await requiredSince(uid)).toBeNull();
    const before = Date.now();
    expect((await setPolicy('gp role', [], true)).json()).toEqual({
      role: 'gp role',
      permissions: [],
      second_factor_required: true,
    });
    const since = (await requiredSince(uid))!;
    expect(new Date(since).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await setPolicy('gp role', ['care:read'])).json()).toMatchObject({ second_factor_required: true });
    expect(await requiredSince(uid)).toEqual(since);
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, 'gp role'));
    expect(event.changes).toEqual({ permissions: [], second_factor_required: true });
    await setPolicy('gp role', ['care:read'], false);
    expect(await requiredSince(uid)).toBeNull();
  });

  test('a user given a role that requires it starts their grace period then; the users list says required-missing', async () => {
    const { user, uid } = await signedIn(['caregiver']);
    const edit = { uid, public_name: user.domain_user.public_name, roles: ['caregiver', 'ceo'] };
    const response = await t.as({ method: 'PUT', url: `${USERS}${uid}/domain-user/`, payload: edit });
    expect(response.json()).toMatchObject({ second_factor: 'required-missing' });
    expect(await requiredSince(uid)).not.toBeNull();
    const statistics = (await t.as({ method: 'GET', url: `${AUTH}/administration/statistics/` })).json<{
      missing_second_factor: number;
    }>();
    expect(statistics.missing_second_factor).toBeGreaterThanOrEqual(1);
    const missingBefore = statistics.missing_second_factor;
    await t.db.insert(secondFactors).values({ userUid: uid, kind: 'totp', name: 'Phone', confirmedAt: new Date() });
    expect((await t.as({ method: 'GET', url: `${USERS}${uid}/` })).json()).toMatchObject({
      domain_user: { second_factor: 'on' },
    });
    expect((await t.as({ method: 'GET', url: `${AUTH}/administration/statistics/` })).json()).toMatchObject({
      missing_second_factor: missingBefore - 1,
    });
  });
});

describe('the grace period and sessions that may only enroll', () => {
  test('within the grace period a sign-in is a full session that says until when', async () => {
    const { uid, token } = await signedIn(['ceo']);
    await requiredFor(uid, GRACE_DAYS - 1);
    const own = (await info(token)).json<{ second_factor: { grace_until: number } }>();
    expect(own.second_factor).toMatchObject({ required: true, enrolled: false, enrollment_only: false });
    expect(own.second_factor.grace_until * 1000).toBeGreaterThan(Date.now());
    expect((await t.inject({ method: 'GET', url: USERS, headers: bearer(token) })).statusCode).toBe(200);
  });

  test('after it a sign-in gives a session that may only enroll, and says so in the audit trail', async () => {
    const { user, uid } = await signedIn(['ceo']);
    await requiredFor(uid, GRACE_DAYS + 1);
    const pair = await t.signIn(user.username, user.password);
    expect((await info(pair.access_token)).json()).toMatchObject({
      second_factor: { required: true, enrolled: false, enrollment_only: true },
    });
    const refused = await t.inject({ method: 'GET', url: USERS, headers: bearer(pair.access_token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: '/problems/second-factor-enrollment-required' });
    const refreshed = await t.inject({ method: 'POST', url: `${AUTH}/token/`, headers: bearer(pair.refresh_token) });
    expect(
      (await t.inject({ method: 'GET', url: USERS, headers: bearer(refreshed.json().access_token) })).statusCode,
    ).toBe(403);
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, uid));
    expect(events.filter((event) => event.action === 'sign-in.success').map((event) => event.changes)).toContainEqual({
      method: 'password',
      enrollment_only: true,
    });
  });
});

describe('sensitive actions need an authentication within 5 minutes', () => {
  /** An access token of the user's live session whose last authentication was six minutes ago. */
  async function staleToken(token: string, uid: string) {
    const sixMinutesAgo = new Date(Date.now() - 6 * 60_000);
    return (
      await signAccessToken(accessTokenKey(t.masterSecret), uid, 300, {
        sessionFamily: sessionOf(token),
        authenticatedAt: sixMinutesAgo,
      })
    ).token;
  }
  const reauthenticationRequired = { status: 401, type: '/problems/reauthentication-required' };

  test("own password change, another's password set and the role policy refuse a stale authentication; a fresh one passes", async () => {
    const admin = await signedIn(['administrator']);
    const stale = await staleToken(admin.token, admin.uid);
    const other = await t.createUser();
    const requests = [
      {
        method: 'PUT' as const,
        url: `${AUTH}/update-password-authentication/`,
        payload: { username: admin.user.username, password: 'A-new-password-7' },
      },
      {
        method: 'PUT' as const,
        url: `${USERS}${other.domain_user.uid}/password-authentication/`,
        payload: { username: other.username, password: 'Set-by-admin-7' },
      },
      { method: 'PUT' as const, url: `${ROLES}stale%20role/`, payload: { permissions: [] } },
    ];
    for (const request of requests) {
      expect((await t.inject({ ...request, headers: bearer(stale) })).json()).toMatchObject(reauthenticationRequired);
      expect((await t.inject({ ...request, headers: bearer(admin.token) })).statusCode).toBe(200);
    }
  });

  test("a stale authentication may still read, and change another's username without a password", async () => {
    const admin = await signedIn(['administrator']);
    const stale = await staleToken(admin.token, admin.uid);
    const other = await t.createUser();
    expect((await info(stale)).statusCode).toBe(200);
    const rename = { username: `${other.username}-renamed` };
    expect(
      (
        await t.inject({
          method: 'PUT',
          url: `${USERS}${other.domain_user.uid}/password-authentication/`,
          headers: bearer(stale),
          payload: rename,
        })
      ).statusCode,
    ).toBe(200);
  });
});
