import { desc, eq, gt } from 'drizzle-orm';
import { auditEvents, oidcSessions } from '../../../server/db/schema';
import { decryptRefreshToken, refreshTokenKeyOf } from '../../../server/auth/oidc/provider-sessions';
import { ADMIN, createTestApp, type TestApp, type TokenPair } from '../support/helpers';
import { CLIENT } from '../support/test-provider';
import {
  addAccount,
  familyOf,
  info,
  providerRefresh,
  providerSettings,
  refresh,
  signedInThroughProvider,
  signInAtProvider,
  takeOver,
  withProvider,
} from './oidc-helpers';

/**
 * Offboarding at the provider reaches Caredesk: every refresh of a session from the provider refreshes there first. Roles that
 * changed there apply from that refresh, a refused refresh there (a removed account, a revoked grant) ends the session at once, and
 * while the provider gives no word the session lives on for at most 15 minutes after its last word, on a clock the tests move.
 */

const MINUTE = 60_000;
/** How far the tests have moved the app's clock of the provider's word. */
let clockOffset = 0;
const now = () => Date.now() + clockOffset;

let setup: Awaited<ReturnType<typeof withProvider>>;
beforeAll(async () => {
  setup = await withProvider({}, { now });
});
afterAll(() => setup?.close());
afterEach(() => {
  clockOffset = 0;
  setup.provider.tokenEndpoint = 'answer';
});

const lastEventId = async (t: TestApp) =>
  (await t.db.select({ id: auditEvents.id }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1))[0]?.id ?? 0;

async function eventsSince(t: TestApp, id: number) {
  const rows = await t.db.select().from(auditEvents).where(gt(auditEvents.id, id)).orderBy(auditEvents.id);
  return rows.map(({ action, actorUid, address, targetType, targetId, changes, outcome }) => ({
    action,
    actorUid,
    address,
    targetType,
    targetId,
    changes,
    outcome,
  }));
}

async function renewed(t: TestApp, pair: TokenPair, address?: string): Promise<TokenPair> {
  const response = await refresh(t, pair.refresh_token, address);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TokenPair>();
}

/** The refresh is refused as a revoked session's is, and the session's access tokens die with it. */
async function expectEnded(t: TestApp, pair: TokenPair) {
  const refused = await refresh(t, pair.refresh_token);
  expect(refused.statusCode).toBe(401);
  expect(refused.json()).toMatchObject({ type: '/problems/invalid-refresh-token' });
  expect((await info(t, pair)).statusCode).toBe(401);
}

const providerRow = async (t: TestApp, pair: TokenPair) =>
  (
    await t.db
      .select()
      .from(oidcSessions)
      .where(eq(oidcSessions.family, familyOf(pair)))
  )[0];

describe('roles at refresh', () => {
  test('roles that changed at the provider apply from the next refresh, audited as at sign-in', async () => {
    const { t, provider } = setup;
    const { pair, sub, uid } = await signedInThroughProvider(t, provider, { groups: ['recruiting'] });
    expect((await info(t, pair)).json()).toMatchObject({ roles: ['recruiter'] });

    provider.accounts.set(sub, { ...provider.accounts.get(sub), groups: ['dispatch', 'recruiting'] });
    const since = await lastEventId(t);
    const next = await renewed(t, pair, '198.51.100.20');
    expect((await info(t, next)).json()).toMatchObject({ roles: ['dispatcher', 'recruiter'] });
    expect(await eventsSince(t, since)).toEqual([
      {
        action: 'user.provider-roles',
        actorUid: null,
        address: '198.51.100.20',
        targetType: 'user',
        targetId: uid,
        changes: { roles: ['dispatcher', 'recruiter'], previous_roles: ['recruiter'] },
        outcome: 'success',
      },
    ]);

    // unchanged claims write nothing
    const quiet = await lastEventId(t);
    await renewed(t, next);
    expect(await eventsSince(t, quiet)).toEqual([]);
  });

  test('groups given only at userinfo are read there at refresh', async () => {
    const { t, provider } = setup;
    const { pair, sub } = await signedInThroughProvider(t, provider, { groups: ['dispatch'], groupsAt: 'userinfo' });
    provider.accounts.set(sub, { ...provider.accounts.get(sub), groups: ['recruiting'] });
    expect((await info(t, await renewed(t, pair))).json()).toMatchObject({ roles: ['recruiter'] });
  });

  test('the first administrator keeps their roles whatever the provider says at refresh', async () => {
    const { t, provider } = setup;
    const sub = addAccount(provider, { preferred_username: ADMIN.username, groups: ['dispatch'] });
    const { browser } = await signInAtProvider(t, { account: sub });
    const pair = (await takeOver(t, browser)).json<TokenPair>();
    provider.accounts.set(sub, { preferred_username: ADMIN.username, groups: [] });
    expect((await info(t, await renewed(t, pair))).json()).toMatchObject({ roles: ['administrator'] });
  });

  test("the provider's refresh token is kept sealed after each refresh, and still works there", async () => {
    const { t, provider } = setup;
    const { pair } = await signedInThroughProvider(t, provider);
    const before = await providerRow(t, pair);
    await renewed(t, pair);
    const after = await providerRow(t, pair);
    expect(after.refreshToken).toMatch(/^v1\./);
    expect(after.providerCheckedAt.getTime()).toBeGreaterThanOrEqual(before.providerCheckedAt.getTime());
    const grant = await providerRefresh(
      provider,
      decryptRefreshToken(refreshTokenKeyOf(t.masterSecret), after.refreshToken!, after.uid),
    );
    expect(grant.status).toBe(200);
  });
});

describe('an account the provider no longer vouches for', () => {
  test('a removed (disabled) account ends the session at its next refresh, audited with the subject only', async () => {
    const { t, provider } = setup;
    const { pair, sub, uid } = await signedInThroughProvider(t, provider, { groups: ['dispatch'] });
    const other = await signedInThroughProvider(t, provider);
    provider.accounts.delete(sub);
    const since = await lastEventId(t);

    await expectEnded(t, pair);
    expect(await eventsSince(t, since)).toEqual([
      {
        action: 'session.provider-end',
        actorUid: null,
        address: expect.any(String),
        targetType: 'session',
        targetId: familyOf(pair),
        changes: { user: uid, subject: sub, reason: 'refused' },
        outcome: 'success',
      },
    ]);
    // another account's session is not touched
    await renewed(t, other.pair);
  });

  test('a grant revoked at the provider (consent withdrawn) ends the session too', async () => {
    const { t, provider } = setup;
    const { pair } = await signedInThroughProvider(t, provider);
    const row = await providerRow(t, pair);
    const revocation = await fetch(`${provider.issuer}/token/revocation`, {
      method: 'POST',
      body: new URLSearchParams({
        token: decryptRefreshToken(refreshTokenKeyOf(t.masterSecret), row.refreshToken!, row.uid),
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
      }),
    });
    expect(revocation.status).toBe(200);
    await expectEnded(t, pair);
  });

  test('a session whose refresh was refused stays ended: its last refresh token is refused as well', async () => {
    const { t, provider } = setup;
    const { pair, sub } = await signedInThroughProvider(t, provider);
    const next = await renewed(t, pair);
    provider.accounts.delete(sub);
    await expectEnded(t, next);
    // the account back at the provider does not bring the session back: only a new sign-in would
    provider.accounts.set(sub, { email: 'back@agency.example' });
    expect((await refresh(t, next.refresh_token)).statusCode).toBe(401);
  });
});

describe('a provider that gives no word', () => {
  test('with the provider stopped, the session refreshes for 15 minutes after its last word there, then ends', async () => {
    const own = await withProvider({}, { now });
    try {
      const { t, provider } = own;
      const { pair, sub, uid } = await signedInThroughProvider(t, provider);
      await provider.stop();

      clockOffset = 15 * MINUTE - 1000;
      const since = await lastEventId(t);
      const next = await renewed(t, pair);
      expect((await info(t, next)).statusCode).toBe(200);
      expect(await eventsSince(t, since)).toEqual([]);

      clockOffset = 15 * MINUTE + 1000;
      await expectEnded(t, next);
      expect(await eventsSince(t, since)).toEqual([
        expect.objectContaining({
          action: 'session.provider-end',
          targetId: familyOf(pair),
          changes: { user: uid, subject: sub, reason: 'unconfirmed' },
        }),
      ]);
    } finally {
      await own.close();
    }
  });

  test('the 15 minutes count from the last successful refresh there; a 5xx is no word', async () => {
    const { t, provider } = setup;
    const { pair } = await signedInThroughProvider(t, provider);
    provider.tokenEndpoint = 'fail';
    clockOffset = 10 * MINUTE;
    let current = await renewed(t, pair);

    provider.tokenEndpoint = 'answer';
    clockOffset = 14 * MINUTE;
    current = await renewed(t, current);

    provider.tokenEndpoint = 'fail';
    clockOffset = 28 * MINUTE;
    current = await renewed(t, current);
    clockOffset = 29 * MINUTE + 1000;
    await expectEnded(t, current);
  });

  test('a provider that never answers holds the refresh up only for the request timeout', async () => {
    const own = await withProvider({ timeoutSeconds: 1 }, { now });
    try {
      const { t, provider } = own;
      const { pair } = await signedInThroughProvider(t, provider);
      provider.tokenEndpoint = 'hang';
      const next = await renewed(t, pair);
      expect((await info(t, next)).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe("the provider's second factor", () => {
  /** A user created at the first sign-in, in an app without a grace period for a required second factor. */
  async function createdAndSignedIn(t: TestApp, groups: string[], amr: string[]) {
    const sub = addAccount(setup.provider, { email: `${crypto.randomUUID()}@agency.example`, groups });
    const { browser } = await signInAtProvider(t, { account: sub, amr });
    return { sub, pair: (await takeOver(t, browser)).json<TokenPair>() };
  }

  test('an amr with mfa still counts after refresh, also when the roles that came at refresh require a factor', async () => {
    const t = await createTestApp({
      config: { oidc: providerSettings(setup.provider, { createUsers: true }), secondFactorGraceDays: 0 },
    });
    try {
      const withMfa = await createdAndSignedIn(t, ['recruiting'], ['pwd', 'mfa']);
      const without = await createdAndSignedIn(t, ['recruiting'], ['pwd']);
      for (const { sub } of [withMfa, without])
        setup.provider.accounts.set(sub, { ...setup.provider.accounts.get(sub), groups: ['caredesk-admins'] });

      expect((await info(t, await renewed(t, withMfa.pair))).json()).toMatchObject({
        roles: ['administrator'],
        second_factor: { required: true, enrollment_only: false },
      });
      expect((await info(t, await renewed(t, without.pair))).json()).toMatchObject({
        roles: ['administrator'],
        second_factor: { required: true, enrollment_only: true },
      });
    } finally {
      await t.close();
    }
  });
});
