import type { TokenPairResponse } from '../../../contracts/auth';
import type { Db } from '../../db';
import { HttpProblem, unauthorized } from '../../shared/problem';
import { challengeHashOf, consumeChallenge, secondFactorRequired, type RelyingParty } from '../second-factors';
import { hasConfirmedFactor } from '../second-factor-policy';
import { completeSignIn, type Client, type SignInContext } from '../sign-in';
import { findUser, findUsername } from '../users';
import type { SigningInUser } from './accounts';
import { storeChallenge } from './flow';
import {
  holdProviderSession,
  passProviderSession,
  pendingProviderSession,
  providerOriginOf,
} from './provider-sessions';

/** What a sign-in through the provider needs: the second step it may lead to names the relying party. */
export interface ProviderSignInContext extends SignInContext {
  relyingParty: RelyingParty;
}

/**
 * The hand-over of a sign-in at the provider to the panel: the callback leaves a single-use hand-over token in a short-lived cookie
 * (and none in a URL), bound to the client address; the panel's one POST /oidc/session/ turns it into what a password sign-in
 * answers: the token pair, or the second step where the user has a second factor and the provider proved none.
 */

export const HANDOFF_SECONDS = 120;

const invalidHandoff = () =>
  unauthorized(
    'No sign-in at the provider waits for this browser: it is used, older than 2 minutes, or of another client address.',
    'invalid-provider-handoff',
  );

export interface Handoff {
  user: SigningInUser;
  secondFactorByProvider: boolean;
  refreshToken?: string;
  providerSid?: string;
  /** When the provider answered the sign-in. */
  checkedAt: Date;
}

/** Stores the hand-over and the sign-in it carries; answers the browser's token. */
export async function issueHandoff(db: Db, refreshTokenKey: Buffer, client: Client, handoff: Handoff) {
  return db.transaction(async (tx) => {
    const { token, tokenHash } = await storeChallenge(
      tx,
      { purpose: 'oidc-handoff', userUid: handoff.user.uid, address: client.address, userAgent: client.userAgent },
      HANDOFF_SECONDS,
    );
    const { user, ...session } = handoff;
    await holdProviderSession(tx, refreshTokenKey, tokenHash, { linkUid: user.linkUid, ...session });
    return token;
  });
}

/** POST /oidc/session/: the hand-over's session, or the second step when the user has a factor and the provider proved none. */
export async function takeOverSignIn(
  context: ProviderSignInContext,
  token: string | undefined,
  client: Client,
): Promise<TokenPairResponse> {
  const { db } = context;
  const handoff = token ? await consumeChallenge(db, 'oidc-handoff', token) : undefined;
  if (!handoff?.userUid || handoff.address !== client.address) throw invalidHandoff();
  const pending = await pendingProviderSession(db, handoff.tokenHash);
  const user = await findUser(db, handoff.userUid);
  if (!pending || !user) throw invalidHandoff();
  if (user.bannedAt) throw unauthorized('Invalid username or password.', 'invalid-credentials');
  if (!pending.secondFactorByProvider && (await hasConfirmedFactor(db, user.uid))) {
    const challenge = await secondFactorRequired(context, user, client);
    await passProviderSession(db, handoff.tokenHash, challengeHashOf(String(challenge.extensions.second_factor_token)));
    throw new HttpProblem(
      401,
      challenge.title,
      'Signed in at the provider, which proved no second factor: now prove one of yours within 5 minutes.',
      challenge.extensions,
    );
  }
  const label = (await findUsername(db, user.uid)) ?? user.publicName;
  return completeSignIn(
    context,
    { uid: user.uid, publicName: user.publicName, label },
    client,
    'oidc',
    providerOriginOf(pending),
  );
}
