import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { authenticationChallenges } from '../../db/schema';
import { HttpProblem, problemType } from '../../shared/problem';
import {
  SECOND_FACTOR_MAX_FAILURES,
  SECOND_FACTOR_TOKEN_SECONDS,
  type SecondFactorMethod,
} from '../../../contracts/second-factors';
import { confirmedKindsOf } from './store';
import { hasUnusedRecoveryCodes } from './recovery-codes';
import { authenticationOptions, credentialsOf, type RelyingParty } from './webauthn';

/**
 * Short-lived, single-use challenges (authentication_challenges; only a token's SHA-256 is stored):
 * - `second-factor`: a sign-in or re-authentication whose password was right, waiting for its second factor; bound to the user and
 *   the client address; SECOND_FACTOR_MAX_FAILURES wrong proofs end it;
 * - `passkey`: a passkey sign-in's WebAuthn challenge, of no user yet;
 * - `webauthn-registration`: a WebAuthn registration's challenge for the user, found again by the challenge itself.
 */

type Purpose = (typeof authenticationChallenges.$inferSelect)['purpose'];
export type Challenge = typeof authenticationChallenges.$inferSelect;

const CHALLENGE_SECONDS = SECOND_FACTOR_TOKEN_SECONDS;

export const challengeHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

interface NewChallenge {
  purpose: Purpose;
  userUid?: string;
  address?: string;
  userAgent?: string;
  /** The WebAuthn challenge the answer must sign. */
  challenge?: string;
  /** What the client presents to continue (default: a new random token). */
  token?: string;
}

/** Stores a challenge for CHALLENGE_SECONDS and answers its token; expired challenges go on the way. */
export async function issueChallenge(
  db: Db,
  { token = randomBytes(32).toString('base64url'), userAgent, ...challenge }: NewChallenge,
  now = new Date(),
): Promise<string> {
  await db.delete(authenticationChallenges).where(lt(authenticationChallenges.expiresAt, now));
  await db.insert(authenticationChallenges).values({
    ...challenge,
    userAgent: userAgent?.slice(0, 512),
    tokenHash: challengeHashOf(token),
    expiresAt: new Date(now.getTime() + CHALLENGE_SECONDS * 1000),
  });
  return token;
}

const alive = (now: Date): SQL =>
  and(isNull(authenticationChallenges.usedAt), gt(authenticationChallenges.expiresAt, now))!;

/**
 * Counts an attempt on a second-factor token before its proof is checked, so that concurrent attempts cannot pass the limit:
 * answers the challenge while it is alive, has attempts left and was issued to this address (and user, when given).
 */
export async function reserveSecondFactorAttempt(
  db: Db,
  token: string,
  { address, userUid }: { address: string; userUid?: string },
  now = new Date(),
): Promise<Challenge | undefined> {
  const [row] = await db
    .update(authenticationChallenges)
    .set({ failures: sql`${authenticationChallenges.failures} + 1` })
    .where(
      and(
        eq(authenticationChallenges.tokenHash, challengeHashOf(token)),
        eq(authenticationChallenges.purpose, 'second-factor'),
        alive(now),
        lt(authenticationChallenges.failures, SECOND_FACTOR_MAX_FAILURES),
        eq(authenticationChallenges.address, address),
        userUid ? eq(authenticationChallenges.userUid, userUid) : undefined,
      ),
    )
    .returning();
  return row;
}

/** The proof was right: the token is used up and its reserved attempt given back; false when a concurrent attempt used it first. */
export async function completeSecondFactorAttempt(db: Db, challenge: Challenge, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(authenticationChallenges)
    .set({ usedAt: now, failures: sql`${authenticationChallenges.failures} - 1` })
    .where(and(eq(authenticationChallenges.tokenHash, challenge.tokenHash), isNull(authenticationChallenges.usedAt)))
    .returning({ tokenHash: authenticationChallenges.tokenHash });
  return rows.length === 1;
}

/** An attempt the throttle refused before its proof was checked: its reservation is given back. */
export async function giveBackSecondFactorAttempt(db: Db, challenge: Challenge): Promise<void> {
  await db
    .update(authenticationChallenges)
    .set({ failures: sql`greatest(${authenticationChallenges.failures} - 1, 0)` })
    .where(eq(authenticationChallenges.tokenHash, challenge.tokenHash));
}

/** Uses up a passkey or registration challenge, right or wrong its answer: answers it while it was alive (and the user's). */
export async function consumeChallenge(
  db: Db,
  purpose: Exclude<Purpose, 'second-factor'>,
  token: string,
  userUid?: string,
  now = new Date(),
): Promise<Challenge | undefined> {
  const [row] = await db
    .update(authenticationChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(authenticationChallenges.tokenHash, challengeHashOf(token)),
        eq(authenticationChallenges.purpose, purpose),
        alive(now),
        userUid ? eq(authenticationChallenges.userUid, userUid) : undefined,
      ),
    )
    .returning();
  return row;
}

/** The second factors the user can prove now: their kinds of confirmed factors, and recovery codes while some are unused. */
async function methodsOf(db: Db, userUid: string): Promise<SecondFactorMethod[]> {
  const kinds = await confirmedKindsOf(db, userUid);
  const methods: SecondFactorMethod[] = [];
  if (kinds.has('totp')) methods.push('totp');
  if (kinds.has('webauthn')) methods.push('webauthn');
  if (await hasUnusedRecoveryCodes(db, userUid)) methods.push('recovery_code');
  return methods;
}

/**
 * The challenge of a sign-in (or re-authentication) that waits for its second factor: 401 `/problems/second-factor-required` with a
 * single-use `second_factor_token` bound to the user and the client address, the user's `methods` and, where WebAuthn is enrolled,
 * `webauthn_options` for an assertion by one of the user's credentials.
 */
export async function secondFactorRequired(
  { db, relyingParty }: { db: Db; relyingParty: RelyingParty },
  user: { uid: string },
  client: { address: string; userAgent?: string },
): Promise<HttpProblem> {
  const methods = await methodsOf(db, user.uid);
  const credentials = methods.includes('webauthn') ? await credentialsOf(db, user.uid) : [];
  const webauthnOptions = credentials.length
    ? await authenticationOptions(relyingParty, credentials, 'preferred')
    : undefined;
  const token = await issueChallenge(db, {
    purpose: 'second-factor',
    userUid: user.uid,
    address: client.address,
    userAgent: client.userAgent,
    challenge: webauthnOptions?.challenge,
  });
  return new HttpProblem(
    401,
    'Unauthorized',
    `The password is right; now prove a second factor within ${CHALLENGE_SECONDS / 60} minutes.`,
    {
      type: problemType('second-factor-required'),
      second_factor_token: token,
      methods,
      ...(webauthnOptions ? { webauthn_options: webauthnOptions } : {}),
    },
  );
}
