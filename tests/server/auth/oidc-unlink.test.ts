import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { auditEvents, oidcLinks, oidcSessions } from '../../../server/db/schema';
import {
  ADMIN,
  AUTH,
  basic,
  bearer,
  createTestApp,
  type PanelUser,
  type TestApp,
  type TokenPair,
} from '../support/helpers';
import { addAccount, providerSettings, refusalOf, signInAtProvider, takeOver, withProvider } from './oidc-helpers';

/**
 * Unlinking a user from the provider (DELETE /administration/users/{uid}/oidc-link/): the provider's sessions end at once and the
 * others go on, the password from before the link no longer works until an administrator sets one, the next sign-in at the
 * provider links anew; the first administrator keeps their password. And what the administration shows and guards of a link:
 * /info/'s provider, the roles the provider sets (refused here), the refusals of the route. A real provider on loopback.
 */

let setup: Awaited<ReturnType<typeof withProvider>>;
/** The same provider without OIDC_ROLE_MAP: it manages no roles. */
let withoutRoles: TestApp;
beforeAll(async () => {
  setup = await withProvider();
  withoutRoles = await createTestApp({ config: { oidc: providerSettings(setup.provider, { roleMap: new Map() }) } });
});
afterAll(async () => {
  await withoutRoles?.close();
  await setup?.close();
});

const USERS = `${AUTH}/administration/users/`;
const email = () => `${crypto.randomUUID().slice(0, 8)}@agency.example`;

async function providerSession(t: TestApp, sub: string): Promise<TokenPair> {
  const { loginPage, browser } = await signInAtProvider(t, { account: sub });
  expect(refusalOf(loginPage)).toBeNull();
  const response = await takeOver(t, browser);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A user with a password, signed in with it, then linked by their email at their first sign-in at the provider. */
async function linkedUser(t = setup.t, roles = ['recruiter'], groups = ['recruiting']) {
  const address = email();
  const user = await t.createUser({ username: address, roles });
  const passwordPair = await t.signIn(address, user.password);
  const sub = addAccount(setup.provider, { email: address, email_verified: true, groups });
  const providerPair = await providerSession(t, sub);
  return { ...user, uid: user.domain_user.uid, sub, passwordPair, providerPair };
}

const unlink = (t: TestApp, uid: string, token?: string) =>
  t.as({ method: 'DELETE', url: `${USERS}${uid}/oidc-link/`, token });
const refresh = (t: TestApp, pair: TokenPair) =>
  t.inject({ method: 'POST', url: `${AUTH}/token/`, headers: bearer(pair.refresh_token) });
const info = (t: TestApp, pair: TokenPair) =>
  t.inject({ method: 'GET', url: `${AUTH}/info/?extended=true`, headers: bearer(pair.access_token) });

describe('unlinking', () => {
  test("ends the provider's sessions at once and keeps the others; the user reads as signing in with a password", async () => {
    const { t, provider } = setup;
    const user = await linkedUser();
    const before = (await t.as({ method: 'GET', url: `${USERS}${user.uid}/` })).json<PanelUser>();
    expect(before).toMatchObject({
      sign_in: 'oidc',
      provider_link: { issuer: provider.issuer, subject: user.sub, last_sign_in: expect.any(Number) },
    });

    const response = await unlink(t, user.uid);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PanelUser>()).toMatchObject({ sign_in: 'password', provider_link: null });
    expect(response.json<PanelUser>().domain_user).toEqual(before.domain_user);

    expect((await info(t, user.providerPair)).statusCode).toBe(401);
    expect((await refresh(t, user.providerPair)).json()).toMatchObject({ type: '/problems/invalid-refresh-token' });
    expect((await info(t, user.passwordPair)).statusCode).toBe(200);
    expect((await refresh(t, user.passwordPair)).statusCode).toBe(200);
    expect(await t.db.select().from(oidcLinks).where(eq(oidcLinks.userUid, user.uid))).toEqual([]);

    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'user.provider-unlink'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(event).toMatchObject({
      targetId: user.uid,
      actorName: 'Administrator',
      outcome: 'success',
      changes: { issuer: provider.issuer, subject: user.sub, sessions_ended: 1, password: 'retired' },
    });
  });

  test('retires the password from before the link: an administrator sets one; the provider links anew', async () => {
    const { t } = setup;
    const user = await linkedUser();
    expect((await unlink(t, user.uid)).statusCode).toBe(200);

    const old = await t.inject({ method: 'POST', url: `${AUTH}/token/`, headers: basic(user.username, user.password) });
    expect(old.json()).toMatchObject({ type: '/problems/invalid-credentials' });

    const set = await t.as({
      method: 'PUT',
      url: `${USERS}${user.uid}/password-authentication/`,
      payload: { username: user.username, password: 'a-new-password-1' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await t.signIn(user.username, 'a-new-password-1')).access_token).toEqual(expect.any(String));

    // the next sign-in at the provider finds the user by the email again, and the password is refused from then on
    await providerSession(t, user.sub);
    expect((await t.as({ method: 'GET', url: `${USERS}${user.uid}/` })).json<PanelUser>().sign_in).toBe('oidc');
    const refused = await t.inject({
      method: 'POST',
      url: `${AUTH}/token/`,
      headers: basic(user.username, 'a-new-password-1'),
    });
    expect(refused.json()).toMatchObject({ type: '/problems/sign-in-with-provider' });
  });

  test('ends a sign-in the panel has yet to take over', async () => {
    const { t, provider } = setup;
    const address = email();
    const user = await t.createUser({ username: address });
    const sub = addAccount(provider, { email: address, email_verified: true });
    await providerSession(t, sub);
    const { browser } = await signInAtProvider(t, { account: sub });
    const [link] = await t.db.select().from(oidcLinks).where(eq(oidcLinks.subject, sub));
    const waiting = await t.db
      .select()
      .from(oidcSessions)
      .where(and(eq(oidcSessions.linkUid, link.uid), isNotNull(oidcSessions.pendingHash)));
    expect(waiting).toHaveLength(1);

    expect((await unlink(t, user.domain_user.uid)).statusCode).toBe(200);
    const takenOver = await takeOver(t, browser);
    expect(takenOver.statusCode).toBe(401);
    expect(takenOver.json()).toMatchObject({ type: '/problems/invalid-provider-handoff' });
  });

  test("keeps the first administrator's password, which the link never replaced", async () => {
    const { t, provider } = setup;
    const sub = addAccount(provider, { preferred_username: ADMIN.username });
    await providerSession(t, sub);
    const boss = await t.createUser({ roles: ['administrator'] });
    const { access_token } = await t.signIn(boss.username, boss.password);
    const admin = (await t.as({ method: 'GET', url: `${USERS}?query=Administrator` })).json<{ items: PanelUser[] }>()
      .items[0];
    expect(admin.sign_in).toBe('oidc');

    const response = await unlink(t, admin.domain_user.uid, access_token);
    expect(response.statusCode, response.body).toBe(200);
    expect((await t.signIn(ADMIN.username, ADMIN.password)).access_token).toEqual(expect.any(String));
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.provider-unlink'), eq(auditEvents.targetId, admin.domain_user.uid)));
    expect(event.changes).toEqual({ issuer: provider.issuer, subject: sub, sessions_ended: 1 });
  });

  test('refusals: yourself, a user not linked, an unknown user, a bad uid, without users:manage, without a provider', async () => {
    const { t } = setup;
    const admin = (await t.as({ method: 'GET', url: `${USERS}?query=Administrator` })).json<{ items: PanelUser[] }>()
      .items[0];
    const self = await unlink(t, admin.domain_user.uid);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ type: '/problems/self-unlink', field: 'uid' });

    const unlinked = await t.createUser();
    expect((await unlink(t, unlinked.domain_user.uid)).json()).toMatchObject({
      status: 404,
      type: '/problems/provider-link-not-found',
    });
    expect((await unlink(t, crypto.randomUUID())).json()).toMatchObject({
      status: 404,
      type: '/problems/user-not-found',
    });
    expect((await unlink(t, 'not-a-uid')).statusCode).toBe(400);

    const user = await linkedUser();
    const recruiter = await t.createUser({ roles: ['recruiter'] });
    const { access_token } = await t.signIn(recruiter.username, recruiter.password);
    expect((await unlink(t, user.uid, access_token)).json()).toMatchObject({
      status: 403,
      type: '/problems/forbidden',
      permission: 'users:manage',
    });
    expect((await t.as({ method: 'GET', url: `${USERS}${user.uid}/` })).json<PanelUser>().sign_in).toBe('oidc');

    const plain = await createTestApp();
    try {
      const other = await plain.createUser();
      expect((await unlink(plain, other.domain_user.uid)).json()).toMatchObject({
        type: '/problems/provider-link-not-found',
      });
    } finally {
      await plain.close();
    }
  });
});

describe('the roles the provider sets', () => {
  const putDomainUser = (t: TestApp, user: PanelUser, change: { public_name?: string; roles?: string[] }) =>
    t.as({
      method: 'PUT',
      url: `${USERS}${user.domain_user.uid}/domain-user/`,
      payload: {
        uid: user.domain_user.uid,
        public_name: change.public_name ?? user.domain_user.public_name,
        roles: change.roles ?? user.domain_user.roles,
      },
    });

  test('cannot be changed here while linked; the name can, and so can the roles once unlinked', async () => {
    const { t } = setup;
    const user = await linkedUser();
    const read = (await t.as({ method: 'GET', url: `${USERS}${user.uid}/` })).json<PanelUser>();
    expect(read.provider_link?.roles_managed).toBe(true);

    const refused = await putDomainUser(t, read, { roles: ['recruiter', 'caregiver'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ type: '/problems/roles-managed-by-provider', field: 'roles' });
    expect((await putDomainUser(t, read, { public_name: 'Renamed Here' })).statusCode).toBe(200);

    expect((await unlink(t, user.uid)).statusCode).toBe(200);
    const changed = await putDomainUser(t, read, { roles: ['caregiver'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ roles: ['caregiver'] });
  });

  test('are no roles without OIDC_ROLE_MAP: an administrator changes them', async () => {
    const user = await linkedUser(withoutRoles);
    const read = (await withoutRoles.as({ method: 'GET', url: `${USERS}${user.uid}/` })).json<PanelUser>();
    expect(read).toMatchObject({ sign_in: 'oidc', provider_link: { roles_managed: false } });
    expect((await putDomainUser(withoutRoles, read, { roles: ['caregiver'] })).statusCode).toBe(200);
  });
});

test("/info/?extended=true names the provider a linked user signs in at, null for the others'", async () => {
  const { t } = setup;
  const user = await linkedUser();
  expect((await info(t, user.providerPair)).json().authentication).toEqual({
    username: user.username,
    provider: 'Test IdP',
    password_refused: true,
  });
  const other = await t.createUser();
  const pair = await t.signIn(other.username, other.password);
  expect((await info(t, pair)).json().authentication).toEqual({
    username: other.username,
    provider: null,
    password_refused: false,
  });
});
