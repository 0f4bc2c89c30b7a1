import { and, desc, eq, gt } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { auditEvents, oidcLinks, oidcSessions, passwordAuthentications, users } from '../../../server/db/schema';
import { ADMIN, AUTH, basic, bearer, createTestApp, type TestApp, type TokenPair } from '../support/helpers';
import type { TestAccount } from '../support/test-provider';
import { codeAt, enrollTotp, refreshed, secondStep, STEP_MS } from './second-factor-helpers';
import { addAccount, providerSettings, refusalOf, signInAtProvider, takeOver, withProvider } from './oidc-helpers';

/**
 * Who a sign-in at the provider is in Caredesk: linking by verified email or preferred_username, creating users, roles from the
 * claims at every sign-in (in the ID token or only at userinfo), the password refused to linked users but the first administrator's,
 * and the provider's MFA standing in for the second step. Two apps share one provider: one that only links, one that creates users
 * and has no grace period for a required second factor.
 */

let setup: Awaited<ReturnType<typeof withProvider>>;
let creating: TestApp;
beforeAll(async () => {
  setup = await withProvider();
  creating = await createTestApp({
    config: { oidc: providerSettings(setup.provider, { createUsers: true }), secondFactorGraceDays: 0 },
  });
});
afterAll(async () => {
  await creating?.close();
  await setup?.close();
});

const email = () => `${crypto.randomUUID().slice(0, 8)}@agency.example`;

/** Signs in at the provider as the account and takes the session over; answers the panel's answer. */
async function providerSignIn(t: TestApp, sub: string, amr?: string[]) {
  const { loginPage, browser } = await signInAtProvider(t, { account: sub, amr });
  if (refusalOf(loginPage)) return { refusal: refusalOf(loginPage) };
  const response = await takeOver(t, browser);
  return { refusal: null, response, address: browser.address };
}

async function signedIn(t: TestApp, sub: string, amr?: string[]) {
  const { refusal, response } = await providerSignIn(t, sub, amr);
  expect(refusal).toBeNull();
  expect(response?.statusCode).toBe(200);
  return response!.json<TokenPair>();
}

const info = async (t: TestApp, pair: TokenPair) =>
  (await t.inject({ method: 'GET', url: `${AUTH}/info/`, headers: bearer(pair.access_token) })).json();

async function eventsSince(t: TestApp, id: number) {
  return t.db
    .select()
    .from(auditEvents)
    .where(gt(auditEvents.id, id))
    .orderBy(auditEvents.id)
    .then((rows) => rows.map(({ action, targetId, changes, outcome }) => ({ action, targetId, changes, outcome })));
}
const lastEventId = async (t: TestApp) =>
  (await t.db.select({ id: auditEvents.id }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1))[0]?.id ?? 0;

const countUsers = async (t: TestApp) => (await t.db.select({ uid: users.uid }).from(users)).length;

describe('linking', () => {
  test('the first sign-in links the user whose username is the verified email; later ones find the link', async () => {
    const { t, provider } = setup;
    const address = email();
    const user = await t.createUser({ username: address.toUpperCase(), roles: ['recruiter'] });
    const sub = addAccount(provider, { email: address, email_verified: true, groups: ['recruiting'] });
    const since = await lastEventId(t);

    const pair = await signedIn(t, sub);
    expect(await info(t, pair)).toMatchObject({ uid: user.domain_user.uid, roles: ['recruiter'] });
    expect(await eventsSince(t, since)).toEqual([
      {
        action: 'user.provider-link',
        targetId: user.domain_user.uid,
        changes: { issuer: provider.issuer, subject: sub, by: 'email' },
        outcome: 'success',
      },
      expect.objectContaining({ action: 'sign-in.success', changes: { method: 'oidc' } }),
    ]);
    const [link] = await t.db.select().from(oidcLinks).where(eq(oidcLinks.subject, sub));
    expect(link).toMatchObject({
      userUid: user.domain_user.uid,
      issuer: provider.issuer,
      lastSignInAt: expect.any(Date),
    });

    // the link, not the email, finds the user from now on
    provider.accounts.set(sub, { ...provider.accounts.get(sub), email: email() });
    expect(await info(t, await signedIn(t, sub))).toMatchObject({ uid: user.domain_user.uid });
  });

  test('an unverified email links nobody; the preferred_username links its user', async () => {
    const { t, provider } = setup;
    const address = email();
    await t.createUser({ username: address });
    const unverified = addAccount(provider, { email: address, email_verified: false });
    expect((await providerSignIn(t, unverified)).refusal).toBe('no-account');

    const byUsername = await t.createUser();
    const sub = addAccount(provider, { email: address, preferred_username: byUsername.username });
    expect(await info(t, await signedIn(t, sub))).toMatchObject({ uid: byUsername.domain_user.uid });
    const [link] = await t.db.select().from(oidcLinks).where(eq(oidcLinks.subject, sub));
    expect(link.userUid).toBe(byUsername.domain_user.uid);
  });

  test('a user already linked to another account of the provider is not linked again', async () => {
    const { t, provider } = setup;
    const address = email();
    await t.createUser({ username: address });
    await signedIn(t, addAccount(provider, { email: address, email_verified: true }));
    expect((await providerSignIn(t, addAccount(provider, { email: address, email_verified: true }))).refusal).toBe(
      'no-account',
    );
  });

  test('without OIDC_CREATE_USERS an account that links to nobody is refused in words, audited by its subject only', async () => {
    const { t, provider } = setup;
    const before = await countUsers(t);
    const since = await lastEventId(t);
    const sub = addAccount(provider, {
      email: email(),
      email_verified: true,
      name: 'Nobody Here',
      groups: ['dispatch'],
    });
    expect((await providerSignIn(t, sub)).refusal).toBe('no-account');
    expect(await countUsers(t)).toBe(before);
    expect(await eventsSince(t, since)).toEqual([
      {
        action: 'sign-in.failure',
        targetId: null,
        changes: { method: 'oidc', reason: 'no-account', subject: sub },
        outcome: 'refused',
      },
    ]);
  });

  test('a banned user is refused', async () => {
    const { t, provider } = setup;
    const address = email();
    const user = await t.createUser({ username: address });
    const sub = addAccount(provider, { email: address, email_verified: true });
    await signedIn(t, sub);
    await t.as({ method: 'POST', url: `${AUTH}/administration/ban-users/`, payload: { uids: [user.domain_user.uid] } });
    expect((await providerSignIn(t, sub)).refusal).toBe('banned');
  });
});

describe('creating users', () => {
  const account = (groups: string[], groupsAt?: TestAccount['groupsAt']): TestAccount => ({
    email: email(),
    email_verified: true,
    name: 'Berta Neu',
    groups,
    groupsAt,
  });

  test('an account whose claims map to no role is refused, and no user is created', async () => {
    const before = await countUsers(creating);
    const sub = addAccount(setup.provider, account(['staff', 'everyone']));
    expect((await providerSignIn(creating, sub)).refusal).toBe('no-role');
    expect(await countUsers(creating)).toBe(before);
  });

  test.each([['id_token' as const], ['userinfo' as const]])(
    'an account with a mapped role (groups in the %s) becomes a user with those roles and no password',
    async (groupsAt) => {
      const since = await lastEventId(creating);
      const sub = addAccount(setup.provider, account(['recruiting', 'dispatch', 'staff'], groupsAt));
      const pair = await signedIn(creating, sub, ['pwd', 'mfa']);
      const me = await info(creating, pair);
      expect(me).toMatchObject({ public_name: 'Berta Neu', roles: ['recruiter', 'dispatcher'] });
      const [created] = await eventsSince(creating, since);
      expect(created).toEqual({
        action: 'user.provider-create',
        targetId: me.uid,
        changes: {
          issuer: setup.provider.issuer,
          subject: sub,
          public_name: 'Berta Neu',
          roles: ['recruiter', 'dispatcher'],
        },
        outcome: 'success',
      });
      expect(
        await creating.db.select().from(passwordAuthentications).where(eq(passwordAuthentications.userUid, me.uid)),
      ).toEqual([]);
    },
  );
});

describe('roles from the claims', () => {
  test('replace the roles at every sign-in, an administrator’s change included, audited when they change', async () => {
    const { t, provider } = setup;
    const address = email();
    const user = await t.createUser({ username: address, roles: ['caregiver'] });
    const sub = addAccount(provider, { email: address, email_verified: true, groups: ['dispatch'] });
    expect(await info(t, await signedIn(t, sub))).toMatchObject({ roles: ['dispatcher'] });

    provider.accounts.set(sub, { ...provider.accounts.get(sub), groups: ['recruiting'], groupsAt: 'userinfo' });
    const since = await lastEventId(t);
    expect(await info(t, await signedIn(t, sub))).toMatchObject({ roles: ['recruiter'] });
    expect((await eventsSince(t, since))[0]).toEqual({
      action: 'user.provider-roles',
      targetId: user.domain_user.uid,
      changes: { roles: ['recruiter'], previous_roles: ['dispatcher'] },
      outcome: 'success',
    });

    // unchanged claims change nothing and write no roles event
    const quiet = await lastEventId(t);
    await signedIn(t, sub);
    expect((await eventsSince(t, quiet)).map(({ action }) => action)).toEqual(['sign-in.success']);
  });
});

describe('the password of a linked user', () => {
  test('is refused with a hint to the provider, after the right password only', async () => {
    const { t, provider } = setup;
    const address = email();
    const user = await t.createUser({ username: address });
    await signedIn(t, addAccount(provider, { email: address, email_verified: true }));
    const refused = await t.inject({ method: 'POST', url: `${AUTH}/token/`, headers: basic(address, user.password) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      type: '/problems/sign-in-with-provider',
      title: 'Unauthorized',
      status: 401,
      detail: 'This account signs in with Test IdP: use "Sign in with Test IdP".',
      provider: 'Test IdP',
    });
    const wrong = await t.inject({
      method: 'POST',
      url: `${AUTH}/token/`,
      headers: basic(address, 'not-the-password'),
    });
    expect(wrong.json().type).toBe('/problems/invalid-credentials');
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'sign-in.failure'), eq(auditEvents.targetId, user.domain_user.uid)))
      .orderBy(auditEvents.id)
      .limit(1);
    expect(event.changes).toEqual({ reason: 'provider' });
  });

  test('the first administrator keeps password sign-in and their roles when linked', async () => {
    const { t, provider } = setup;
    const sub = addAccount(provider, { preferred_username: ADMIN.username, groups: ['dispatch'] });
    expect(await info(t, await signedIn(t, sub))).toMatchObject({ roles: ['administrator'] });
    expect((await t.signIn(ADMIN.username, ADMIN.password)).access_token).toEqual(expect.any(String));
  });
});

describe("the provider's MFA and the second step", () => {
  /** A linked administrator (their role requires a second factor) with an authenticator app enrolled before linking. */
  async function administratorWithApp() {
    const { t, provider } = setup;
    const address = email();
    const user = await t.createUser({ username: address, roles: ['administrator'] });
    const pair = await t.signIn(address, user.password);
    const { secret } = await enrollTotp(t, {
      ...user,
      uid: user.domain_user.uid,
      address: '',
      pair,
      token: pair.access_token,
    });
    const sub = addAccount(provider, { email: address, email_verified: true, groups: ['caredesk-admins'] });
    return { uid: user.domain_user.uid, sub, secret };
  }

  test('an amr with mfa signs in without the second step', async () => {
    const { sub, uid } = await administratorWithApp();
    expect(await info(setup.t, await signedIn(setup.t, sub, ['pwd', 'mfa']))).toMatchObject({ uid });
  });

  test('without it the second step follows, and its session is still the provider’s', async () => {
    const { t } = setup;
    const { sub, secret } = await administratorWithApp();
    const { response, address } = await providerSignIn(t, sub, ['pwd']);
    expect(response!.statusCode).toBe(401);
    const challenge = response!.json();
    expect(challenge).toMatchObject({ type: '/problems/second-factor-required', methods: ['totp', 'recovery_code'] });

    const completed = await secondStep(
      t,
      { second_factor_token: challenge.second_factor_token, totp_code: codeAt(secret, Date.now() + STEP_MS) },
      address!,
    );
    expect(completed.statusCode).toBe(200);
    const family = decodeJwt(completed.json<TokenPair>().access_token).sid as string;
    const [session] = await t.db.select().from(oidcSessions).where(eq(oidcSessions.family, family));
    expect(session).toMatchObject({ secondFactorByProvider: false, pendingHash: null });
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'sign-in.success'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(event.changes).toEqual({ method: 'totp', origin: 'oidc' });
  });

  test('a required factor proved at the provider gives a full session, at sign-in and at every refresh; without, one that only enrolls', async () => {
    const sub = addAccount(setup.provider, { email: email(), email_verified: true, groups: ['caredesk-admins'] });
    const withMfa = await signedIn(creating, sub, ['pwd', 'mfa']);
    expect((await info(creating, withMfa)).second_factor).toMatchObject({ required: true, enrollment_only: false });
    expect((await info(creating, await refreshed(creating, withMfa))).second_factor.enrollment_only).toBe(false);

    const withoutMfa = await signedIn(creating, sub, ['pwd']);
    expect((await info(creating, withoutMfa)).second_factor).toMatchObject({ required: true, enrollment_only: true });
  });
});
