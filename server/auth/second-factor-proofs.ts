import { recordAudit, type AuditContext } from '../shared/audit';
import { badRequest, HttpProblem, problemType, unauthorized } from '../shared/problem';
import { recordFailure } from '../authentication/throttle';
import { SECOND_FACTOR_MAX_FAILURES, type SecondFactorProofInput, type SignInMethod } from '../../contracts/second-factors';
import { completeSecondFactorAttempt, reserveSecondFactorAttempt, type Challenge } from './challenges';
import type { FactorContext } from './factor-context';
import { acceptTotpCode } from './factor-store';
import { useRecoveryCode } from './recovery-codes';
import { addressRuleOf, signInRules, signInThrottled } from './sign-in-throttle';
import { findUser, findUsername } from './users';
import { assertedCredentialId, findCredential, recordCredentialUse, verifyAssertion } from './webauthn';

/** The second step of a sign-in or re-authentication: a second_factor_token and one proof (an app's code, a recovery code, WebAuthn). */

type Proof = Pick<SecondFactorProofInput, 'totp_code' | 'recovery_code' | 'webauthn'>;
const PROOF_FIELDS = ['totp_code', 'recovery_code', 'webauthn'] as const;
const METHOD_OF_FIELD = { totp_code: 'totp', recovery_code: 'recovery_code', webauthn: 'webauthn' } as const satisfies Record<(typeof PROOF_FIELDS)[number], SignInMethod>;

export const invalidSecondFactorToken = () =>
  unauthorized('The second_factor_token is unknown, used, expired, ended by wrong proofs or of another client address: start again.', 'invalid-second-factor-token');

const invalidSecondFactor = (attemptsLeft: number) =>
  new HttpProblem(401, 'Unauthorized', attemptsLeft > 0 ? `The second factor is wrong; ${attemptsLeft} attempts left.` : 'The second factor is wrong; start again.', {
    type: problemType('invalid-second-factor'),
    attempts_left: attemptsLeft,
  });

/** The one proof a body carries; 400 naming the field when it carries none or more than one. */
export function proofMethodOf(proof: Proof): SignInMethod {
  const given = PROOF_FIELDS.filter((field) => proof[field] !== undefined);
  if (given.length === 0) throw badRequest('One of totp_code, recovery_code and webauthn is required.', 'totp_code');
  if (given.length > 1) throw badRequest(`Send one proof only: ${given[1]} came with ${given[0]}.`, given[1]);
  return METHOD_OF_FIELD[given[0]];
}

async function webauthnHolds({ db, relyingParty }: FactorContext, userUid: string, response: unknown, challenge: string | null): Promise<boolean> {
  const credentialId = assertedCredentialId(response);
  const credential = credentialId === undefined ? undefined : await findCredential(db, credentialId);
  if (!credential || credential.userUid !== userUid || !challenge) return false;
  const newCount = await verifyAssertion(relyingParty, response, challenge, credential, false);
  return newCount !== undefined && recordCredentialUse(db, credential, newCount);
}

/** Whether the proof is right for the user; a right one is used up (the app's step, the recovery code, the counter). */
export async function proofHolds(context: FactorContext, userUid: string, proof: Proof, challenge: string | null): Promise<boolean> {
  const { db, keys } = context;
  if (proof.totp_code !== undefined) return (await acceptTotpCode(db, keys.totp, userUid, proof.totp_code)) !== undefined;
  if (proof.recovery_code !== undefined) return useRecoveryCode(db, keys.recoveryCode, userUid, proof.recovery_code);
  return webauthnHolds(context, userUid, proof.webauthn, challenge);
}

/** A wrong proof counts like a wrong password in the sign-in throttle (the user's username, the address), and is audited. */
async function countWrongProof(context: FactorContext, challenge: Challenge, method: SignInMethod, audit: ProofAudit) {
  const { db, settings } = context;
  const userUid = challenge.userUid!;
  const username = await findUsername(db, userUid);
  if (signInThrottled(settings.throttle)) {
    const address = audit.address ?? '';
    // a user without a password has no username: only the address's rule applies
    const rules = username === null ? [addressRuleOf(settings.throttle, address)] : signInRules(settings.throttle, username, address);
    for (const rule of rules) await recordFailure(db, rule);
  }
  const label = username ?? (await findUser(db, userUid))?.publicName ?? null;
  await recordAudit(db, { ...audit, target: { type: 'user', id: userUid, label }, changes: { method }, outcome: 'failure' });
}

interface ProofAudit extends AuditContext {
  action: 'sign-in.second-factor-failure' | 'reauthentication.failure';
}

/**
 * Checks a second step: the token must be alive, of this address (and of `userUid`, when given) and have attempts left; a wrong
 * proof answers 401 invalid-second-factor and counts; a right one uses the token up. Answers the token's user and the method.
 */
export async function proveSecondFactor(context: FactorContext, body: SecondFactorProofInput, audit: ProofAudit & { address: string }, userUid?: string) {
  const method = proofMethodOf(body);
  const challenge = await reserveSecondFactorAttempt(context.db, body.second_factor_token, { address: audit.address, userUid });
  if (!challenge?.userUid) throw invalidSecondFactorToken();
  if (!(await proofHolds(context, challenge.userUid, body, challenge.challenge))) {
    await countWrongProof(context, challenge, method, audit);
    throw invalidSecondFactor(SECOND_FACTOR_MAX_FAILURES - challenge.failures);
  }
  if (!(await completeSecondFactorAttempt(context.db, challenge))) throw invalidSecondFactorToken();
  return { userUid: challenge.userUid, method };
}
