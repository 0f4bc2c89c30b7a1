import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { sessions } from '../../../server/db/schema';
import { adminActor, withEvents } from '../support/audit-helpers';
import { AUTH, basic, createTestApp, uniqueAddress, type TestApp } from '../support/helpers';
import { enrollTotp, enrollWebAuthn, refreshed, signedInUser } from './second-factor-helpers';

/** users:read sees users' second factors; users:manage resets them (subset rule, recent authentication), audited. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const USERS = `${AUTH}/administration/users/`;
const factorsOf = (uid: string, token?: string) =>
  t.as({ method: 'GET', url: `${USERS}${uid}/second-factors/`, token });
const reset = (uid: string, token?: string) => t.as({ method: 'DELETE', url: `${USERS}${uid}/second-factors/`, token });

async function tokenWithRole(role: string, permissions: string[]) {
  expect(
    (await t.as({ method: 'PUT', url: `${AUTH}/administration/roles/${role}/`, payload: { permissions } })).statusCode,
  ).toBe(200);
  return (await signedInUser(t, { roles: [role] })).token;
}

test("users:read sees a user's factors, the requirement and the recovery codes left, never a secret", async () => {
  const user = await signedInUser(t);
  const { factor: app, secret } = await enrollTotp(t, user);
  const { factor: key } = await enrollWebAuthn(t, user);
  const reader = await tokenWithRole('factor-reader', ['users:read']);
  const response = await factorsOf(user.uid, reader);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ required: false, grace_until: null, factors: [app, key], recovery_codes_left: 10 });
  expect(response.body).not.toContain(secret);
  expect((await factorsOf('00000000-0000-4000-8000-000000000001', reader)).json()).toMatchObject({
    status: 404,
    type: '/problems/user-not-found',
    field: 'uid',
  });
  expect((await factorsOf('nope', reader)).json()).toMatchObject({ status: 400, field: 'uid' });
});

test('a user whose roles require a factor and who has none shows until when they may sign in without one', async () => {
  const user = await signedInUser(t, { roles: ['administrator'] });
  const state = (await factorsOf(user.uid)).json();
  expect(state).toMatchObject({ required: true, factors: [], recovery_codes_left: 0 });
  expect(state.grace_until).toBeGreaterThan(Date.now() / 1000 + 13 * 86_400);
});

test("users:manage resets a user's factors and recovery codes: audited, and the next sign-in needs the password only", async () => {
  const user = await signedInUser(t);
  await enrollTotp(t, user);
  await enrollWebAuthn(t, user);
  const { result, events } = await withEvents(t, () => reset(user.uid.toUpperCase()));
  expect(result.statusCode).toBe(200);
  expect(result.json()).toEqual({ required: false, grace_until: null, factors: [], recovery_codes_left: 0 });
  expect(events).toEqual([
    expect.objectContaining({
      action: 'second-factor.reset',
      actor: await adminActor(t),
      target: { type: 'user', id: user.uid, label: user.domain_user.public_name },
      changes: { factors: 2, sessions_ended: 1 },
    }),
  ]);
  const signIn = await t.inject({
    method: 'POST',
    url: `${AUTH}/token/`,
    headers: basic(user.username, user.password),
    remoteAddress: uniqueAddress(),
  });
  expect(signIn.statusCode).toBe(200);
  expect((await reset('00000000-0000-4000-8000-000000000001')).json()).toMatchObject({
    status: 404,
    type: '/problems/user-not-found',
  });
});

test("the reset is only for users whose permissions are a subset of the caller's, and needs a recent authentication", async () => {
  const manager = await tokenWithRole('factor-manager', ['users:read', 'users:manage']);
  const admin = await signedInUser(t, { roles: ['administrator'] });
  await enrollTotp(t, admin);
  const refused = await reset(admin.uid, manager);
  expect(refused.json()).toMatchObject({ status: 403, type: '/problems/forbidden' });
  expect((await factorsOf(admin.uid)).json().factors).toHaveLength(1);
  const roleless = await signedInUser(t);
  expect((await reset(roleless.uid, manager)).statusCode).toBe(200);

  const pair = await t.signIn('admin', 'admin-password');
  await t.db
    .update(sessions)
    .set({ authenticatedAt: new Date(Date.now() - 6 * 60_000) })
    .where(eq(sessions.family, decodeJwt(pair.access_token).sid as string));
  const aged = (await refreshed(t, pair)).access_token;
  expect((await reset(roleless.uid, aged)).json()).toMatchObject({
    status: 401,
    type: '/problems/reauthentication-required',
  });
});
