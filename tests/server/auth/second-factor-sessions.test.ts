import { and, eq } from 'drizzle-orm';
import { auditEvents, users } from '../../../server/db/schema';
import { ADMIN, AUTH, bearer, createTestApp, unique, type TestApp, type TokenPair } from '../support/helpers';
import {
  enrollTotp,
  enrollWebAuthn,
  passwordStep,
  refreshed,
  secondStep,
  signedInUser,
  type SignedInUser,
} from './second-factor-helpers';

/**
 * A second factor binds the sessions that exist: the first one ends every other session of the user (opened with the password
 * alone), an administrator's reset ends them all, and a refresh reads the requirement anew, so that a grace period that ended or a
 * policy that changed reaches the sessions opened before.
 */

const GRACE_DAYS = 14;
const DAY_MS = 86_400_000;
const ROLES = `${AUTH}/administration/roles/`;
const CARE_LIST = '/api/care/incoming/care-requests/';

const careList = (t: TestApp, token: string) => t.inject({ method: 'GET', url: CARE_LIST, headers: bearer(token) });
const refresh = (t: TestApp, pair: TokenPair) =>
  t.inject({ method: 'POST', url: `${AUTH}/token/`, headers: bearer(pair.refresh_token) });
const setPolicy = (t: TestApp, role: string, permissions: string[], required: boolean) =>
  t.as({
    method: 'PUT',
    url: `${ROLES}${encodeURIComponent(role)}/`,
    payload: { permissions, second_factor_required: required },
  });
const auditOf = async (t: TestApp, uid: string, action: 'second-factor.add' | 'second-factor.reset') =>
  (
    await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, uid), eq(auditEvents.action, action)))
  ).map((event) => event.changes);

/** Another session of the user, opened with the password alone (the user has no factor yet). */
async function passwordSession(t: TestApp, user: SignedInUser): Promise<SignedInUser> {
  const pair = await t.signIn(user.username, user.password, user.address);
  return { ...user, pair, token: pair.access_token };
}

/** Another session of a user with a factor, opened with the password and one of their recovery codes. */
async function twoStepSession(t: TestApp, user: SignedInUser, recoveryCode: string): Promise<SignedInUser> {
  const { second_factor_token } = await passwordStep(t, user, user.address);
  const response = await secondStep(t, { second_factor_token, recovery_code: recoveryCode }, user.address);
  if (response.statusCode !== 200) throw new Error(`second step failed: ${response.statusCode} ${response.body}`);
  const pair = response.json<TokenPair>();
  return { ...user, pair, token: pair.access_token };
}

/** Whether a session works: its access token reads care requests and its refresh token renews. */
async function works(t: TestApp, session: SignedInUser) {
  return { read: (await careList(t, session.token)).statusCode, renewed: (await refresh(t, session.pair)).statusCode };
}
const ALIVE = { read: 200, renewed: 200 };
const ENDED = { read: 401, renewed: 401 };

/** Moves the start of the user's requirement back past the grace period, as if that much time had passed. */
const graceEndedFor = (t: TestApp, uid: string) =>
  t.db
    .update(users)
    .set({ secondFactorRequiredSince: new Date(Date.now() - (GRACE_DAYS + 1) * DAY_MS) })
    .where(eq(users.uid, uid));

describe('second factors end the sessions they did not prove', () => {
  let t: TestApp;
  const ROLE = 'session reader';
  beforeAll(async () => {
    t = await createTestApp({ config: { secondFactorGraceDays: GRACE_DAYS } });
    await setPolicy(t, ROLE, ['care:read'], false);
  });
  afterAll(() => t?.close());

  test("the first factor ends the user's other sessions at once; the confirming one goes on; audited and answered", async () => {
    const a = await signedInUser(t, { roles: [ROLE] });
    const b = await passwordSession(t, a);
    expect((await careList(t, a.token)).statusCode).toBe(200);

    const enrolled = await enrollTotp(t, b);
    expect(enrolled.sessions_ended).toBe(1);

    expect((await careList(t, a.token)).statusCode).toBe(401);
    const refused = await refresh(t, a.pair);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ type: '/problems/invalid-refresh-token' });
    expect(await works(t, b)).toEqual(ALIVE);
    expect(await auditOf(t, a.uid, 'second-factor.add')).toEqual([
      expect.objectContaining({ kind: 'totp', recovery_codes: 'new', sessions_ended: 1 }),
    ]);
  });

  test('a further factor leaves the other sessions alive', async () => {
    const user = await signedInUser(t, { roles: [ROLE] });
    const { recovery_codes } = await enrollTotp(t, user);
    const other = await twoStepSession(t, user, recovery_codes![0]);

    const further = await enrollWebAuthn(t, user);
    expect(further).not.toHaveProperty('sessions_ended');
    expect(await works(t, other)).toEqual(ALIVE);
    const webauthn = (await auditOf(t, user.uid, 'second-factor.add')).find((changes) => changes.kind === 'webauthn');
    expect(webauthn).toBeDefined();
    expect(webauthn).not.toHaveProperty('sessions_ended');
  });

  test("an administrator's reset of a user's factors ends all their sessions, and no one else's", async () => {
    const user = await signedInUser(t, { roles: [ROLE] });
    const { recovery_codes } = await enrollTotp(t, user);
    const other = await twoStepSession(t, user, recovery_codes![0]);
    const someoneElse = await signedInUser(t, { roles: [ROLE] });

    expect(
      (await t.as({ method: 'DELETE', url: `${AUTH}/administration/users/${user.uid}/second-factors/` })).statusCode,
    ).toBe(200);

    expect(await works(t, user)).toEqual(ENDED);
    expect(await works(t, other)).toEqual(ENDED);
    expect(await works(t, someoneElse)).toEqual(ALIVE);
    expect(await auditOf(t, user.uid, 'second-factor.reset')).toEqual([{ factors: 1, sessions_ended: 2 }]);
  });

  test('a session opened during the grace period gets enrollment-only tokens once it is over, until a factor is enrolled', async () => {
    const role = 'grace reader';
    await setPolicy(t, role, ['care:read'], true);
    const user = await signedInUser(t, { roles: [role] });
    const withinGrace = await refreshed(t, user.pair);
    expect((await careList(t, withinGrace.access_token)).statusCode).toBe(200);

    await graceEndedFor(t, user.uid);
    const afterGrace = await refreshed(t, withinGrace);
    const refused = await careList(t, afterGrace.access_token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: '/problems/second-factor-enrollment-required' });

    await enrollTotp(t, { ...user, pair: afterGrace, token: afterGrace.access_token });
    expect((await careList(t, (await refreshed(t, afterGrace)).access_token)).statusCode).toBe(200);
  });
});

describe('a policy that starts requiring a factor with no grace period', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { secondFactorGraceDays: 0 } });
    // without a grace period the administrator too must enroll a factor before anything else
    const pair = await t.signIn(ADMIN.username, ADMIN.password);
    await enrollTotp(t, { token: pair.access_token } as SignedInUser);
    admin = (await refreshed(t, pair)).access_token;
  });
  afterAll(() => t?.close());

  test("reaches the role's open sessions at their next refresh", async () => {
    const role = 'strict reader';
    const policy = (required: boolean) =>
      t.as({
        method: 'PUT',
        url: `${ROLES}${encodeURIComponent(role)}/`,
        token: admin,
        payload: { permissions: ['care:read'], second_factor_required: required },
      });
    expect((await policy(false)).statusCode).toBe(200);
    const user = { username: unique(), password: 'secret-password', public_name: unique('Name '), roles: [role] };
    expect(
      (await t.as({ method: 'POST', url: `${AUTH}/administration/users/`, token: admin, payload: user })).statusCode,
    ).toBe(201);
    const before = await refreshed(t, await t.signIn(user.username, user.password));
    expect((await careList(t, before.access_token)).statusCode).toBe(200);

    expect((await policy(true)).statusCode).toBe(200);
    const refused = await careList(t, (await refreshed(t, before)).access_token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: '/problems/second-factor-enrollment-required' });
  });
});
