import type { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { deriveKey } from '../shared/secrets';

/** Users' access tokens: short-lived JWTs (HS256) under a key derived from the master secret. */

const ISSUER = 'caredesk-auth';
const AUDIENCE = 'caredesk';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const accessTokenKey = (masterSecret: Buffer) => deriveKey(masterSecret, 'access-token');

const cryptoKeys = new WeakMap<Buffer, Promise<webcrypto.CryptoKey>>();

/** The key as WebCrypto uses it, imported once per key: jose would import raw bytes again on every sign and verify. */
function cryptoKeyOf(key: Buffer): Promise<webcrypto.CryptoKey> {
  let imported = cryptoKeys.get(key);
  if (!imported) {
    imported = globalThis.crypto.subtle.importKey(
      'raw',
      new Uint8Array(key),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    cryptoKeys.set(key, imported);
  }
  return imported;
}

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

interface SignedAccessToken {
  token: string;
  issued: number;
  expires: number;
}

/** What an access token says of its session beyond the user. */
export interface SessionClaims {
  /** The refresh-token family (session) the token is issued in: the `sid` claim. */
  sessionFamily: string;
  /** When the user last proved who they are in the session (sign-in or re-authentication): the `auth_time` claim. */
  authenticatedAt: Date;
  /** The session may only enroll a second factor: the `enr` claim. */
  enrollmentOnly?: boolean;
}

export async function signAccessToken(
  key: Buffer,
  uid: string,
  ttlSeconds: number,
  session: SessionClaims,
  now = new Date(),
): Promise<SignedAccessToken> {
  const issued = epochSeconds(now);
  const expires = issued + ttlSeconds;
  const claims = {
    sid: session.sessionFamily,
    auth_time: epochSeconds(session.authenticatedAt),
    ...(session.enrollmentOnly ? { enr: true } : {}),
  };
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(uid)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issued)
    .setExpirationTime(expires)
    .sign(await cryptoKeyOf(key));
  return { token, issued, expires };
}

export interface AccessTokenClaims {
  uid: string;
  /** The session (refresh-token family) the token was issued in. */
  sessionFamily: string;
  /** The `auth_time` claim: epoch seconds. */
  authenticatedAt: number;
  enrollmentOnly: boolean;
  /** The `exp` claim: epoch seconds. */
  expires: number;
}

/** Who an access token was issued to, or undefined when the token is forged, malformed or expired. */
export async function verifyAccessTokenClaims(key: Buffer, token: string): Promise<AccessTokenClaims | undefined> {
  try {
    const options = {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp', 'sub', 'sid', 'auth_time'],
    };
    const { payload } = await jwtVerify(token, await cryptoKeyOf(key), options);
    const { sub, sid, auth_time: authTime } = payload;
    // tokens without a session, or of another format, are refused: a token must die with its session
    if (!sub || !UUID.test(sub) || typeof sid !== 'string' || !UUID.test(sid) || typeof authTime !== 'number')
      return undefined;
    return {
      uid: sub.toLowerCase(),
      sessionFamily: sid.toLowerCase(),
      authenticatedAt: authTime,
      enrollmentOnly: payload.enr === true,
      expires: payload.exp!,
    };
  } catch {
    return undefined;
  }
}

/** Whether the token carries this server's signature, expired or not: a user's access token, never a guess at an API token. */
export async function isSignedAccessToken(key: Buffer, token: string): Promise<boolean> {
  try {
    await jwtVerify(token, await cryptoKeyOf(key), { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    return true;
  } catch (error) {
    // jose checks the expiry only after the signature
    return (error as { code?: unknown }).code === 'ERR_JWT_EXPIRED';
  }
}

/** The user uid an access token was issued to, or undefined when the token is forged, malformed or expired. */
export async function verifyAccessToken(key: Buffer, token: string): Promise<string | undefined> {
  return (await verifyAccessTokenClaims(key, token))?.uid;
}
