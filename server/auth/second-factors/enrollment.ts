import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db';
import { secondFactors } from '../../db/schema';
import type { AuditContext } from '../../shared/audit';
import { badRequest } from '../../shared/problem';
import type { ConfirmedFactorResponse, TotpEnrollmentResponse } from '../../../contracts/second-factors';
import { consumeChallenge, issueChallenge } from './challenges';
import type { FactorContext } from './context';
import { acceptTotpCode, deleteStalePendingFactors, findOwnFactor, insertFactor, lockFactorsOf } from './store';
import { afterFactorAdded, secondFactorNotFound, type FactorOwner } from './own-factors';
import { encryptTotpSecret, newTotpSecret, otpauthUriOf, TOTP_PENDING_SECONDS } from './totp';
import { findUsername, isUniqueViolation } from '../users';
import { answeredChallenge, credentialsOf, registrationOptions, verifyRegistration } from './webauthn';

/** Adding a second factor: an authenticator app (pending until its first code) or a WebAuthn credential (security key or passkey). */

const DEFAULT_APP_NAME = 'Authenticator app';

const invalidCode = () =>
  badRequest(
    'The code is not the current one of this authenticator app (or was used already).',
    'code',
    'invalid-code',
  );
const invalidRegistration = (detail: string) => badRequest(detail, 'webauthn', 'invalid-webauthn-response');

/** How the user's accounts are named in an authenticator: the username, else the public name. */
const accountNameOf = async (db: Db, owner: FactorOwner) => (await findUsername(db, owner.uid)) ?? owner.publicName;

const pendingSince = (now: Date) => new Date(now.getTime() - TOTP_PENDING_SECONDS * 1000);

/** A pending authenticator app: its secret, to be confirmed with a code within TOTP_PENDING_SECONDS. */
export async function startTotpEnrollment(
  { db, keys }: FactorContext,
  owner: FactorOwner,
  name = DEFAULT_APP_NAME,
  now = new Date(),
): Promise<TotpEnrollmentResponse> {
  const accountName = await accountNameOf(db, owner);
  // one transaction that answers the enrollment: an Idempotency-Key keeps that answer with it
  return db.transaction(async (tx) => {
    await deleteStalePendingFactors(tx, owner.uid, pendingSince(now));
    const uid = randomUUID();
    const secret = newTotpSecret();
    await insertFactor(tx, {
      uid,
      userUid: owner.uid,
      kind: 'totp',
      name,
      createdAt: now,
      totpSecret: encryptTotpSecret(keys.totp, secret, uid),
    });
    return { uid, secret, otpauth_uri: otpauthUriOf(secret, accountName) };
  });
}

/** Confirms a pending authenticator app with one of its codes: from now on it is a second factor. */
export async function confirmTotp(
  context: FactorContext,
  owner: FactorOwner,
  factorUid: string,
  code: string,
  audit: AuditContext,
): Promise<ConfirmedFactorResponse> {
  const { db, changes, keys } = context;
  const uid = factorUid.toLowerCase();
  return changes.transaction(db, { users: [owner.uid] }, async (tx) => {
    await lockFactorsOf(tx, owner.uid);
    const now = new Date();
    const pending = await findOwnFactor(tx, owner.uid, uid);
    if (
      !pending ||
      pending.kind !== 'totp' ||
      pending.confirmedAt !== null ||
      new Date(pending.createdAt) <= pendingSince(now)
    )
      throw secondFactorNotFound();
    if (!(await acceptTotpCode(tx, keys.totp, owner.uid, code, { onlyFactor: uid, now }))) throw invalidCode();
    const stillPending = and(
      eq(secondFactors.uid, uid),
      isNull(secondFactors.confirmedAt),
      gt(secondFactors.createdAt, pendingSince(now)),
    );
    const [confirmed] = await tx.update(secondFactors).set({ confirmedAt: now }).where(stillPending).returning();
    if (!confirmed) throw secondFactorNotFound();
    return afterFactorAdded(tx, context, owner, confirmed, audit);
  });
}

/** Options for a new WebAuthn credential, none of the user's existing ones; its challenge is kept for 5 minutes. */
export async function webauthnRegistrationOptions({ db, relyingParty }: FactorContext, owner: FactorOwner) {
  const user = { uid: owner.uid, name: await accountNameOf(db, owner), displayName: owner.publicName };
  const options = await registrationOptions(relyingParty, user, await credentialsOf(db, owner.uid));
  // the answer names its challenge: it finds the stored one, so the challenge is the token
  await issueChallenge(db, {
    purpose: 'webauthn-registration',
    userUid: owner.uid,
    challenge: options.challenge,
    token: options.challenge,
  });
  return options;
}

/** Registers the credential that answered the user's registration challenge (single use) as a second factor. */
export async function registerWebAuthn(
  context: FactorContext,
  owner: FactorOwner,
  body: { name?: string; webauthn: unknown },
  audit: AuditContext,
): Promise<ConfirmedFactorResponse> {
  const { db, changes, relyingParty } = context;
  const answered = answeredChallenge(body.webauthn);
  const challenge =
    answered === undefined ? undefined : await consumeChallenge(db, 'webauthn-registration', answered, owner.uid);
  if (!challenge?.challenge)
    throw invalidRegistration(
      'The answer is not to a registration started in the last 5 minutes: ask for new options.',
    );
  const credential = await verifyRegistration(relyingParty, body.webauthn, challenge.challenge);
  if (!credential) throw invalidRegistration("The authenticator's answer could not be verified.");
  const name = body.name ?? (credential.multiDevice ? 'Passkey' : 'Security key');
  const { credentialId, publicKey, signCount, transports } = credential;
  try {
    return await changes.transaction(db, { users: [owner.uid] }, async (tx) => {
      await lockFactorsOf(tx, owner.uid);
      const now = new Date();
      const factor = await insertFactor(tx, {
        userUid: owner.uid,
        kind: 'webauthn',
        name,
        createdAt: now,
        confirmedAt: now,
        credentialId,
        publicKey,
        signCount,
        transports,
      });
      return afterFactorAdded(tx, context, owner, factor, audit);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidRegistration('This credential is registered already.');
    throw error;
  }
}
