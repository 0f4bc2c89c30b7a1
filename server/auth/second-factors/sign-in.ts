import type { Db } from '../../db';
import { recordAudit } from '../../shared/audit';
import { unauthorized } from '../../shared/problem';
import { recordFailure, secondsBlocked } from '../../authentication/throttle';
import type { PasskeyOptionsResponse, SecondFactorProofInput } from '../../../contracts/second-factors';
import type { TokenPairResponse } from '../../../contracts/auth';
import { challengeHashOf, consumeChallenge, issueChallenge } from './challenges';
import type { FactorContext } from './context';
import { proveSecondFactor } from './proofs';
import { completeSignIn, type Client, type SignInContext } from '../sign-in';
import { addressRuleOf, signInThrottled, tooManySignInFailures } from '../sign-in-throttle';
import { findUser, findUsername } from '../users';
import { providerOriginOfSecondStep } from '../oidc/provider-sessions';
import {
  assertedCredentialId,
  assertedUserHandle,
  authenticationOptions,
  findCredential,
  recordCredentialUse,
  userHandleOf,
  verifyAssertion,
  type StoredCredential,
} from './webauthn';

/** The sign-ins that end without a password step of their own: the second step after the password, and the passkey sign-in. */

export type SecondStepContext = SignInContext & FactorContext;

const invalidPasskeyToken = () =>
  unauthorized('The passkey_token is unknown, used or expired: ask for new options.', 'invalid-second-factor-token');
const invalidPasskey = () =>
  unauthorized(
    'The passkey was not accepted: unknown, not verified, or its answer does not match the challenge.',
    'invalid-webauthn-response',
  );

/** The user a finished sign-in is for; a user banned (or deleted) since the first step is refused like at the password step. */
async function signingInUser(db: Db, uid: string) {
  const user = await findUser(db, uid);
  if (!user || user.bannedAt) throw unauthorized('Invalid username or password.', 'invalid-credentials');
  return { uid, publicName: user.publicName, label: (await findUsername(db, uid)) ?? user.publicName };
}

/**
 * POST /token/second-factor/: the second factor after the password; a right one signs in. An attempt the throttle refuses is audited
 * like a refused password (sign-in.throttled, one event per username and address and while).
 */
export async function signInWithSecondFactor(
  context: SecondStepContext,
  body: SecondFactorProofInput,
  client: Client,
): Promise<TokenPairResponse> {
  const { userUid, method } = await proveSecondFactor(
    context,
    body,
    { action: 'sign-in.second-factor-failure', actor: null, address: client.address },
    {
      deviceToken: client.deviceToken,
      onRefused: (target, username, retryAfter) =>
        context.throttledAudit.refused(
          `${username?.toLowerCase() ?? target.id} ${client.address}`,
          { action: 'sign-in.throttled', actor: null, address: client.address, target, outcome: 'refused' },
          retryAfter,
        ),
    },
  );
  const origin = await providerOriginOfSecondStep(context.db, challengeHashOf(body.second_factor_token));
  return completeSignIn(context, await signingInUser(context.db, userUid), client, method, origin);
}

/** POST /passkey/options/: a challenge for any discoverable credential of this site, with user verification. */
export async function passkeyOptions(context: FactorContext, client: Client): Promise<PasskeyOptionsResponse> {
  const { db, relyingParty } = context;
  await refuseThrottledAddress(context, client.address);
  const options = await authenticationOptions(relyingParty, undefined, 'required');
  const token = await issueChallenge(db, {
    purpose: 'passkey',
    address: client.address,
    userAgent: client.userAgent,
    challenge: options.challenge,
  });
  return { passkey_token: token, webauthn_options: options };
}

/** Passkeys count on the address's sign-in throttle: they have no username before the credential is known. */
async function refuseThrottledAddress({ db, settings }: FactorContext, address: string) {
  if (!signInThrottled(settings.throttle)) return;
  const wait = await secondsBlocked(db, addressRuleOf(settings.throttle, address).key);
  if (wait > 0) throw tooManySignInFailures(wait);
}

async function countPasskeyFailure(context: FactorContext, address: string, credential: StoredCredential | undefined) {
  if (signInThrottled(context.settings.throttle))
    await recordFailure(context.db, addressRuleOf(context.settings.throttle, address));
  const owner = credential && (await findUser(context.db, credential.userUid));
  const target = owner ? { type: 'user', id: owner.uid, label: owner.publicName } : null;
  await recordAudit(context.db, {
    action: 'sign-in.failure',
    actor: null,
    address,
    target,
    changes: { method: 'passkey' },
    outcome: 'failure',
  });
}

/** A credential's assertion whose user handle (when the authenticator sends one) names the credential's owner. */
async function assertedCredential(db: Db, response: unknown): Promise<StoredCredential | undefined> {
  const credentialId = assertedCredentialId(response);
  const credential = credentialId === undefined ? undefined : await findCredential(db, credentialId);
  const handle = assertedUserHandle(response);
  if (
    credential &&
    handle !== undefined &&
    handle !== Buffer.from(userHandleOf(credential.userUid)).toString('base64url')
  )
    return undefined;
  return credential;
}

/** POST /token/passkey/: signs in the owner of the credential that answered the challenge with user verification. */
export async function signInWithPasskey(
  context: SecondStepContext,
  body: { passkey_token: string; webauthn: unknown },
  client: Client,
): Promise<TokenPairResponse> {
  const { db, relyingParty } = context;
  await refuseThrottledAddress(context, client.address);
  const challenge = await consumeChallenge(db, 'passkey', body.passkey_token);
  if (!challenge?.challenge) throw invalidPasskeyToken();
  const credential = await assertedCredential(db, body.webauthn);
  const newCount =
    credential && (await verifyAssertion(relyingParty, body.webauthn, challenge.challenge, credential, true));
  if (!credential || newCount === undefined || !(await recordCredentialUse(db, credential, newCount))) {
    await countPasskeyFailure(context, client.address, credential);
    throw invalidPasskey();
  }
  return completeSignIn(context, await signingInUser(db, credential.userUid), client, 'passkey');
}
