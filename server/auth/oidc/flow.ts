import { createHmac, randomBytes } from 'node:crypto';
import { lt } from 'drizzle-orm';
import * as client from 'openid-client';
import type { OidcConfig } from '../../config';
import type { Db } from '../../db';
import { authenticationChallenges } from '../../db/schema';
import { deriveKey } from '../../shared/secrets';
import { challengeHashOf, consumeChallenge } from '../second-factors';
import { identityOf, needsUserinfo, sidOf, type Claims, type ProviderIdentity } from './claims';
import { isUnreachable, ProviderSignInRefused } from './refusals';

/**
 * The authorization code flow with PKCE, state and nonce (OpenID Connect Core 1.0, 3.1; RFC 7636). A sign-in starts with a random
 * token that only the browser holds (a cookie); state, nonce and code verifier are derived from it under a key of the master
 * secret, so the server keeps nothing secret of it: only the token's hash, as a challenge that the callback uses up (a replayed or
 * foreign callback finds none) within FLOW_SECONDS.
 */

/** Time to sign in at the provider, its second factor included. */
export const FLOW_SECONDS = 600;

export const flowKeyOf = (masterSecret: Buffer) => deriveKey(masterSecret, 'oidc-flow');

interface FlowSecrets {
  state: string;
  nonce: string;
  /** 43 characters of base64url: a PKCE code verifier (RFC 7636, 4.1). */
  codeVerifier: string;
}

function secretsOf(key: Buffer, token: string): FlowSecrets {
  const derive = (name: string) => createHmac('sha256', key).update(`${name}\n${token}`).digest('base64url');
  return { state: derive('state'), nonce: derive('nonce'), codeVerifier: derive('code-verifier') };
}

/** Stores a single-use challenge of `seconds`; expired challenges of any kind go on the way. */
export async function storeChallenge(
  db: Db,
  values: Pick<
    typeof authenticationChallenges.$inferInsert,
    'purpose' | 'userUid' | 'address' | 'userAgent' | 'challenge'
  >,
  seconds: number,
  now = new Date(),
): Promise<{ token: string; tokenHash: string }> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = challengeHashOf(token);
  await db.delete(authenticationChallenges).where(lt(authenticationChallenges.expiresAt, now));
  await db.insert(authenticationChallenges).values({
    ...values,
    userAgent: values.userAgent?.slice(0, 512),
    tokenHash,
    expiresAt: new Date(now.getTime() + seconds * 1000),
  });
  return { token, tokenHash };
}

const GOOGLE_ISSUER = 'https://accounts.google.com';

/**
 * How the provider's refresh token is asked for: the `offline_access` scope where the provider has it, Google's own
 * `access_type=offline` there (Google refuses the scope, and gives a refresh token at every sign-in only with `prompt=consent`).
 * Providers whose discovery lists their scopes without `offline_access` are not asked for it.
 */
export function refreshTokenRequest(configuration: client.Configuration, scopes: string): Record<string, string> {
  const metadata = configuration.serverMetadata();
  const supported = metadata.scopes_supported;
  const asked = scopes
    .split(' ')
    .filter((scope) => scope !== 'offline_access' || !supported || supported.includes(scope));
  const scope = asked.join(' ');
  return metadata.issuer === GOOGLE_ISSUER ? { scope, access_type: 'offline', prompt: 'consent' } : { scope };
}

/** The flow challenge's mark of a re-authentication: the callback then wants proof that the provider asked again. */
const REAUTHENTICATION = 'reauthenticate';

/**
 * What makes the provider authenticate the user again although its session is alive (OpenID Connect Core 1.0, 3.1.2.1):
 * `prompt=login` asks for it, `max_age=0` makes the ID token carry its `auth_time`.
 */
function reauthenticationRequest(request: Record<string, string>): Record<string, string> {
  return { ...request, prompt: request.prompt ? `${request.prompt} login` : 'login', max_age: '0' };
}

/**
 * Starts a sign-in: the browser's flow token and the provider's authorization URL to send it to. With `reauthenticate` the provider
 * is asked to authenticate the user again, and the callback accepts only an authentication made after this start.
 */
export async function startFlow(
  db: Db,
  key: Buffer,
  configuration: client.Configuration,
  settings: OidcConfig,
  redirectUri: string,
  { reauthenticate = false } = {},
): Promise<{ token: string; authorizationUrl: URL }> {
  const { token } = await storeChallenge(
    db,
    { purpose: 'oidc-flow', challenge: reauthenticate ? REAUTHENTICATION : null },
    FLOW_SECONDS,
  );
  const { state, nonce, codeVerifier } = secretsOf(key, token);
  const request = refreshTokenRequest(configuration, settings.scopes);
  const authorizationUrl = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    ...(reauthenticate ? reauthenticationRequest(request) : request),
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { token, authorizationUrl };
}

interface Callback {
  /** The flow token of the browser's cookie. */
  token: string | undefined;
  /** The callback's URL as the browser called it: the redirect URI and the provider's parameters. */
  url: URL;
}

/** What a completed flow gives: who signed in, the provider's refresh token when it issued one, and its session's id if named. */
export interface FlowResult {
  identity: ProviderIdentity;
  refreshToken?: string;
  providerSid?: string;
}

/**
 * Finishes a sign-in at the callback: uses up the flow (refused when there is none, or the state is not its own), has openid-client
 * exchange the code and check the ID token (signature, issuer, audience, nonce, expiry), and completes its claims from userinfo where
 * the ID token lacks the email or the roles claim. Every refusal is a ProviderSignInRefused.
 */
export async function finishFlow(
  db: Db,
  key: Buffer,
  configuration: client.Configuration,
  settings: OidcConfig,
  { token, url }: Callback,
): Promise<FlowResult> {
  const flow = token ? await consumeChallenge(db, 'oidc-flow', token) : undefined;
  if (!token || !flow)
    throw new ProviderSignInRefused('invalid-state', 'no sign-in of this browser waits for a callback');
  const { state, nonce, codeVerifier } = secretsOf(key, token);
  if (url.searchParams.get('state') !== state)
    throw new ProviderSignInRefused('invalid-state', "the callback's state is not this sign-in's");
  const providerError = url.searchParams.get('error');
  if (providerError !== null)
    throw new ProviderSignInRefused('provider-refused', 'the provider answered an error', {
      providerError: providerError.slice(0, 64),
    });

  const tokens = await fromProvider(() =>
    client.authorizationCodeGrant(configuration, url, {
      pkceCodeVerifier: codeVerifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
      ...(flow.challenge === REAUTHENTICATION && { maxAge: secondsSinceStart(flow.expiresAt) }),
    }),
  );
  const idToken = tokens.claims();
  if (!idToken) throw new ProviderSignInRefused('invalid-response', 'the provider sent no ID token');
  let claims: Claims & typeof idToken = idToken;
  if (needsUserinfo(settings, idToken) && configuration.serverMetadata().userinfo_endpoint) {
    const userinfo = await fromProvider(
      () => client.fetchUserInfo(configuration, tokens.access_token, idToken.sub),
      idToken.sub,
    );
    claims = { ...userinfo, ...idToken };
  }
  return { identity: identityOf(settings, claims), refreshToken: tokens.refresh_token, providerSid: sidOf(idToken) };
}

/**
 * A re-authentication's ID token must say (`auth_time`) that the user authenticated after the flow started: openid-client's `maxAge`
 * check, with its clock tolerance, against the seconds since then.
 */
const secondsSinceStart = (expiresAt: Date, now = Date.now()) =>
  Math.max(0, Math.ceil((now - (expiresAt.getTime() - FLOW_SECONDS * 1000)) / 1000));

/** A request to the provider; its failure is a refusal: unreachable, or the provider's answer refused. */
async function fromProvider<T>(request: () => Promise<T>, subject?: string): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (isUnreachable(error))
      throw new ProviderSignInRefused('unreachable', 'the provider did not answer', { subject });
    const detail = error instanceof Error ? error.message : String(error);
    throw new ProviderSignInRefused('invalid-response', `the provider's answer was refused: ${detail}`, { subject });
  }
}
