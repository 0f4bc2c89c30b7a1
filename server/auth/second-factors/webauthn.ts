import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db';
import { secondFactors } from '../../db/schema';

/**
 * WebAuthn (security keys and passkeys) through @simplewebauthn/server: the relying party is the panel (RP ID its host name,
 * origin its origin), credentials are second_factors rows of kind webauthn keeping only the public key and signature counter.
 */

export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export const relyingPartyOf = (panelUrl: string): RelyingParty => {
  const url = new URL(panelUrl);
  return { id: url.hostname, name: 'Caredesk', origin: url.origin };
};

const CEREMONY_TIMEOUT_MS = 300_000;

export interface StoredCredential {
  factorUid: string;
  userUid: string;
  credentialId: string;
  publicKey: string;
  signCount: number;
  transports: string[] | null;
}

export interface NewCredential {
  credentialId: string;
  publicKey: string;
  signCount: number;
  transports: string[];
  /** Synced or backed up: a passkey rather than a security key bound to one device. */
  multiDevice: boolean;
}

const credentialColumns = {
  factorUid: secondFactors.uid,
  userUid: secondFactors.userUid,
  credentialId: secondFactors.credentialId,
  publicKey: secondFactors.publicKey,
  signCount: secondFactors.signCount,
  transports: secondFactors.transports,
};

const isWebAuthn = and(eq(secondFactors.kind, 'webauthn'), isNotNull(secondFactors.confirmedAt));

export async function credentialsOf(db: Db, userUid: string): Promise<StoredCredential[]> {
  const rows = await db
    .select(credentialColumns)
    .from(secondFactors)
    .where(and(eq(secondFactors.userUid, userUid), isWebAuthn));
  return rows as StoredCredential[];
}

export async function findCredential(db: Db, credentialId: string): Promise<StoredCredential | undefined> {
  const [row] = await db
    .select(credentialColumns)
    .from(secondFactors)
    .where(and(eq(secondFactors.credentialId, credentialId), isWebAuthn));
  return row as StoredCredential | undefined;
}

/** Records a use with its new counter; false when another use got there first (the counter moved meanwhile). */
export async function recordCredentialUse(
  db: Db,
  credential: StoredCredential,
  newCount: number,
  now = new Date(),
): Promise<boolean> {
  const unchanged = and(eq(secondFactors.uid, credential.factorUid), eq(secondFactors.signCount, credential.signCount));
  const rows = await db
    .update(secondFactors)
    .set({ signCount: newCount, lastUsedAt: now })
    .where(unchanged)
    .returning({ uid: secondFactors.uid });
  return rows.length === 1;
}

const descriptorOf = (credential: StoredCredential) => ({
  id: credential.credentialId,
  transports: (credential.transports ?? undefined) as AuthenticatorTransport[] | undefined,
});

/** A user handle that names the user without saying anything else: the uid's 16 bytes. */
export const userHandleOf = (userUid: string) => new Uint8Array(Buffer.from(userUid.replaceAll('-', ''), 'hex'));

export function registrationOptions(
  rp: RelyingParty,
  user: { uid: string; name: string; displayName: string },
  existing: StoredCredential[],
) {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: userHandleOf(user.uid),
    userName: user.name,
    userDisplayName: user.displayName,
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map(descriptorOf),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/** The verified new credential, or undefined when the response is not a valid answer to the challenge. */
export async function verifyRegistration(
  rp: RelyingParty,
  response: unknown,
  expectedChallenge: string,
): Promise<NewCredential | undefined> {
  try {
    const verification = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!verification.verified) return undefined;
    const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      signCount: credential.counter,
      transports: credential.transports ?? [],
      multiDevice: credentialDeviceType === 'multiDevice' || credentialBackedUp,
    };
  } catch {
    // the library throws on every malformed or mismatching answer: all of them are a refused response
    return undefined;
  }
}

/** Options for an assertion: of the user's credentials (a second factor) or of any discoverable one (a passkey sign-in). */
export function authenticationOptions(
  rp: RelyingParty,
  credentials: StoredCredential[] | undefined,
  userVerification: 'preferred' | 'required',
) {
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: credentials?.map(descriptorOf),
    userVerification,
    timeout: CEREMONY_TIMEOUT_MS,
  });
}

/** The credential id an assertion names, before anything of it is verified. */
export const assertedCredentialId = (response: unknown): string | undefined => {
  const id = (response as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id.length > 0 && id.length <= 1024 ? id : undefined;
};

/** The user handle a passkey's assertion carries, if any. */
export const assertedUserHandle = (response: unknown): string | undefined => {
  const handle = (response as { response?: { userHandle?: unknown } } | null)?.response?.userHandle;
  return typeof handle === 'string' ? handle : undefined;
};

/**
 * The credential's new signature counter when the assertion is valid for the challenge (the library refuses a counter that did
 * not grow, a cloned authenticator's sign), else undefined.
 */
export async function verifyAssertion(
  rp: RelyingParty,
  response: unknown,
  expectedChallenge: string,
  credential: StoredCredential,
  requireUserVerification: boolean,
): Promise<number | undefined> {
  try {
    const verification = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: credential.credentialId,
        publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
        counter: credential.signCount,
      },
      requireUserVerification,
    });
    return verification.verified ? verification.authenticationInfo.newCounter : undefined;
  } catch {
    return undefined;
  }
}

/** The challenge a registration or assertion answers, read from its client data (verified later against the stored one). */
export function answeredChallenge(response: unknown): string | undefined {
  try {
    const clientData = (response as { response?: { clientDataJSON?: unknown } } | null)?.response?.clientDataJSON;
    if (typeof clientData !== 'string' || clientData.length > 8192) return undefined;
    const { challenge } = JSON.parse(Buffer.from(clientData, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof challenge === 'string' ? challenge : undefined;
  } catch {
    return undefined;
  }
}
