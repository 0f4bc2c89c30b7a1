import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  authenticationChallenges,
  deviceTokens,
  refreshTokens,
  secondFactors,
  sessions,
  throttleCounters,
} from '../../../server/db/schema';
import { housekeepingJobs } from '../../../server/housekeeping-jobs';
import { runExclusively } from '../../../server/shared/housekeeping';
import { createTestApp, type TestApp } from '../support/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const job = () => housekeepingJobs(t.config).find((candidate) => candidate.name === 'sign-in-state')!;
const secondsAfter = (seconds: number) => new Date(Date.now() + seconds * 1000);

async function stateOf(uid: string) {
  const tokens = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userUid, uid));
  const families = await t.db.select().from(sessions).where(eq(sessions.userUid, uid));
  return { tokens: tokens.length, sessions: families.length };
}

test('a session in use and its refresh token are kept', async () => {
  const user = await t.createUser();
  await t.signIn(user.username, user.password);
  await runExclusively(t.db, job(), secondsAfter(60));
  expect(await stateOf(user.domain_user.uid)).toEqual({ tokens: 1, sessions: 1 });
});

test('a refresh token past its expiry and a session unused for a whole refresh-token lifetime are removed', async () => {
  const user = await t.createUser();
  await t.signIn(user.username, user.password);
  await runExclusively(t.db, job(), secondsAfter(t.config.refreshTokenTtlSeconds + 60));
  expect(await stateOf(user.domain_user.uid)).toEqual({ tokens: 0, sessions: 0 });
});

test('throttle counters older than every rule are removed, recent ones kept', async () => {
  const now = new Date();
  const old = new Date(now.getTime() - 2 * 24 * 3600 * 1000);
  await t.db.insert(throttleCounters).values([
    { key: 'address:192.0.2.1', failures: 3, windowStart: old, lastFailureAt: old },
    { key: 'address:192.0.2.2', failures: 3, windowStart: now, lastFailureAt: now },
  ]);
  await runExclusively(t.db, job(), now);
  const keys = (await t.db.select({ key: throttleCounters.key }).from(throttleCounters)).map((row) => row.key);
  expect(keys).toContain('address:192.0.2.2');
  expect(keys).not.toContain('address:192.0.2.1');
});

test('expired challenges and device tokens and authenticator apps left unconfirmed are removed; live ones kept', async () => {
  const user = await t.createUser();
  const uid = user.domain_user.uid;
  const now = new Date();
  const past = new Date(now.getTime() - 60_000);
  const future = new Date(now.getTime() + 60_000);
  const longAgo = new Date(now.getTime() - 3600_000);
  await t.db.insert(authenticationChallenges).values([
    { tokenHash: 'expired', purpose: 'passkey', expiresAt: past },
    { tokenHash: 'live', purpose: 'passkey', expiresAt: future },
  ]);
  await t.db.insert(deviceTokens).values([
    { tokenHash: 'expired-device', userUid: uid, expiresAt: past },
    { tokenHash: 'live-device', userUid: uid, expiresAt: future },
  ]);
  await t.db.insert(secondFactors).values([
    { userUid: uid, kind: 'totp', name: 'never confirmed', createdAt: longAgo },
    { userUid: uid, kind: 'totp', name: 'confirmed', createdAt: longAgo, confirmedAt: longAgo },
    { userUid: uid, kind: 'totp', name: 'just started', createdAt: now },
  ]);
  await runExclusively(t.db, job(), now);
  expect((await t.db.select().from(authenticationChallenges)).map((row) => row.tokenHash)).toEqual(['live']);
  expect(
    (await t.db.select().from(deviceTokens).where(eq(deviceTokens.userUid, uid))).map((row) => row.tokenHash).sort(),
  ).toEqual(['live-device']);
  const names = (await t.db.select().from(secondFactors).where(eq(secondFactors.userUid, uid)))
    .map((row) => row.name)
    .sort();
  expect(names).toEqual(['confirmed', 'just started']);
});
