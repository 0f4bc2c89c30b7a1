import type { Db } from '../../db';
import { recordAudit, type AuditContext } from '../../shared/audit';
import { badRequest, HttpProblem, problemType, unauthorized } from '../../shared/problem';
import { deleteStaleCounters, forgiveAttempt, reserveAttempt } from '../../authentication/throttle';
import {
  SECOND_FACTOR_MAX_FAILURES,
  type SecondFactorProofInput,
  type SecondFactorMethod,
} from '../../../contracts/second-factors';
import { completeSecondFactorAttempt, giveBackSecondFactorAttempt, reserveSecondFactorAttempt } from './challenges';
import { reserveDeviceAttempt } from '../device-tokens';
import type { FactorContext } from './context';
import { acceptTotpCode } from './store';
import { useRecoveryCode } from './recovery-codes';
import {
  addressRuleOf,
  isUsernameKey,
  longestThrottlePeriod,
  noKey,
  secondStepRules,
  signInThrottled,
  tooManySignInFailures,
} from '../sign-in-throttle';
import { findUser, findUsername } from '../users';
import { assertedCredentialId, findCredential, recordCredentialUse, verifyAssertion } from './webauthn';

/** The second step of a sign-in or re-authentication: a second_factor_token and one proof (an app's code, a recovery code, WebAuthn). */

type Proof = Pick<SecondFactorProofInput, 'totp_code' | 'recovery_code' | 'webauthn'>;
const PROOF_FIELDS = ['totp_code', 'recovery_code', 'webauthn'] as const;
const METHOD_OF_FIELD = {
  totp_code: 'totp',
  recovery_code: 'recovery_code',
  webauthn: 'webauthn',
} as const satisfies Record<(typeof PROOF_FIELDS)[number], SecondFactorMethod>;

export const invalidSecondFactorToken = () =>
  unauthorized(
    'The second_factor_token is unknown, used, expired, ended by wrong proofs or of another client address: start again.',
    'invalid-second-factor-token',
  );

const invalidSecondFactor = (attemptsLeft: number) =>
  new HttpProblem(
    401,
    'Unauthorized',
    attemptsLeft > 0
      ? `The second factor is wrong; ${attemptsLeft} attempts left.`
      : 'The second factor is wrong; start again.',
    {
      type: problemType('invalid-second-factor'),
      attempts_left: attemptsLeft,
    },
  );

/** The one proof a body carries; 400 naming the field when it carries none or more than one. */
export function proofMethodOf(proof: Proof): SecondFactorMethod {
  const given = PROOF_FIELDS.filter((field) => proof[field] !== undefined);
  if (given.length === 0) throw badRequest('One of totp_code, recovery_code and webauthn is required.', 'totp_code');
  if (given.length > 1) throw badRequest(`Send one proof only: ${given[1]} came with ${given[0]}.`, given[1]);
  return METHOD_OF_FIELD[given[0]];
}

async function webauthnHolds(
  { db, relyingParty }: FactorContext,
  userUid: string,
  response: unknown,
  challenge: string | null,
): Promise<boolean> {
  const credentialId = assertedCredentialId(response);
  const credential = credentialId === undefined ? undefined : await findCredential(db, credentialId);
  if (!credential || credential.userUid !== userUid || !challenge) return false;
  const newCount = await verifyAssertion(relyingParty, response, challenge, credential, false);
  return newCount !== undefined && recordCredentialUse(db, credential, newCount);
}

/** Whether the proof is right for the user; a right one is used up (the app's step, the recovery code, the counter). */
export async function proofHolds(
  context: FactorContext,
  userUid: string,
  proof: Proof,
  challenge: string | null,
): Promise<boolean> {
  const { db, keys } = context;
  if (proof.totp_code !== undefined)
    return (await acceptTotpCode(db, keys.totp, userUid, proof.totp_code)) !== undefined;
  if (proof.recovery_code !== undefined) return useRecoveryCode(db, keys.recoveryCode, userUid, proof.recovery_code);
  return webauthnHolds(context, userUid, proof.webauthn, challenge);
}

interface ProofAudit extends AuditContext {
  action: 'sign-in.second-factor-failure' | 'reauthentication.failure';
}

export interface SecondStepOptions {
  /** The user the token must be of (re-authentication). */
  userUid?: string;
  /** The browser's device token (a sign-in's): its holder counts on the token instead of the username's keys, as at the password. */
  deviceToken?: string;
  /** Told of an attempt the throttle refused, for its audit. */
  onRefused?: (target: AuditTarget, username: string | null, retryAfter: number) => void;
}

type AuditTarget = { type: 'user'; id: string; label: string | null };

const targetOf = async (db: Db, userUid: string, username: string | null): Promise<AuditTarget> => ({
  type: 'user',
  id: userUid,
  label: username ?? (await findUser(db, userUid))?.publicName ?? null,
});

/**
 * Reserves a failure of the proof in the sign-in throttle before it is checked, as a password's: on the username's keys and the
 * address's (docs/api.md, Sign-in throttling), or on the device token and the address's key for the holder of one. A user without a
 * password has no username: only the address's rule applies. Answers the rules and the seconds to wait (0: the proof may be checked).
 */
async function reserveProofAttempt(
  { db, settings }: FactorContext,
  username: string | null,
  address: string,
  deviceToken: string | undefined,
) {
  if (!signInThrottled(settings.throttle)) return { rules: [], retryAfter: 0 };
  const device = username === null ? undefined : await reserveDeviceAttempt(db, deviceToken, username);
  const rules =
    username === null
      ? [addressRuleOf(settings.throttle, address)]
      : secondStepRules(settings.throttle, username, address, { device: device !== undefined });
  return { rules, retryAfter: await reserveAttempt(db, rules) };
}

/**
 * Checks a second step: the token must be alive, of this address (and of `userUid`, when given) and have attempts left; while the
 * sign-in throttle blocks one of its keys it answers 429 unchecked (and the token's attempt is given back); a wrong proof answers 401
 * invalid-second-factor, stays counted and is audited; a right one uses the token up and, the authentication being complete, the
 * username's failures are forgotten. Answers the token's user and the method.
 */
export async function proveSecondFactor(
  context: FactorContext,
  body: SecondFactorProofInput,
  audit: ProofAudit & { address: string },
  options: SecondStepOptions = {},
) {
  const { db, settings } = context;
  const method = proofMethodOf(body);
  const challenge = await reserveSecondFactorAttempt(db, body.second_factor_token, {
    address: audit.address,
    userUid: options.userUid,
  });
  if (!challenge?.userUid) throw invalidSecondFactorToken();
  const userUid = challenge.userUid;
  const username = await findUsername(db, userUid);
  const { rules, retryAfter } = await reserveProofAttempt(context, username, audit.address, options.deviceToken);
  if (retryAfter > 0) {
    await giveBackSecondFactorAttempt(db, challenge);
    options.onRefused?.(await targetOf(db, userUid, username), username, retryAfter);
    throw tooManySignInFailures(retryAfter);
  }
  if (!(await proofHolds(context, userUid, body, challenge.challenge))) {
    await recordAudit(db, {
      ...audit,
      target: await targetOf(db, userUid, username),
      changes: { method },
      outcome: 'failure',
    });
    if (rules.length) await deleteStaleCounters(db, longestThrottlePeriod(settings.throttle));
    throw invalidSecondFactor(SECOND_FACTOR_MAX_FAILURES - challenge.failures);
  }
  const used = await completeSecondFactorAttempt(db, challenge);
  if (rules.length) await forgiveAttempt(db, rules, used ? isUsernameKey : noKey);
  if (!used) throw invalidSecondFactorToken();
  return { userUid, method };
}
