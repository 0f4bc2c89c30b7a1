import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { oidcLinks, oidcSessions } from '../../db/schema';
import { deriveKey, openSecret, sealSecret } from '../../shared/secrets';

/** A sign-in that another party took part in (the OpenID Connect provider): what the session keeps of it. */
export interface SessionOrigin {
  name: 'oidc';
  /** The other party proved a second factor: the session never only enrolls one. */
  secondFactorProved: boolean;
  /** Ties the new session to its origin, in the transaction that starts it. */
  record(tx: Db, family: string): Promise<void>;
}

/**
 * Sessions that came from the provider (table oidc_sessions): held by the challenge that carries the sign-in (the hand-over to the
 * panel, then its second step) until the session starts, then tied to the session's family. The provider's refresh token is kept
 * encrypted as SMTP passwords are: AES-256-GCM under deriveKey(SECRET, 'oidc-refresh-token'), "v1.<iv>.<tag>.<ciphertext>", the
 * row's uid as authenticated data.
 */

export const refreshTokenKeyOf = (masterSecret: Buffer) => deriveKey(masterSecret, 'oidc-refresh-token');

const encrypt = (key: Buffer, text: string, rowUid: string) => sealSecret(key, text, rowUid);

export const decryptRefreshToken = (key: Buffer, stored: string, rowUid: string) =>
  openSecret(key, stored, rowUid, 'refresh token');

export interface PendingProviderSession {
  linkUid: string;
  secondFactorByProvider: boolean;
  refreshToken?: string;
  /** The provider's session (`sid` of the ID token), which a back-channel logout names. */
  providerSid?: string;
  /** When the provider answered the sign-in: the session's first word from it. */
  checkedAt: Date;
}

/** Keeps a sign-in through the provider with the challenge (its token's hash) that carries it to the session. */
export async function holdProviderSession(db: Db, key: Buffer, pendingHash: string, pending: PendingProviderSession) {
  const uid = randomUUID();
  await db.insert(oidcSessions).values({
    uid,
    linkUid: pending.linkUid,
    pendingHash,
    secondFactorByProvider: pending.secondFactorByProvider,
    refreshToken: pending.refreshToken === undefined ? null : encrypt(key, pending.refreshToken, uid),
    providerSid: pending.providerSid ?? null,
    providerCheckedAt: pending.checkedAt,
  });
}

/** The sign-in a challenge carries, if it carries one. */
export async function pendingProviderSession(db: Db, pendingHash: string) {
  const [row] = await db
    .select({ uid: oidcSessions.uid, secondFactorByProvider: oidcSessions.secondFactorByProvider })
    .from(oidcSessions)
    .where(eq(oidcSessions.pendingHash, pendingHash));
  return row;
}

/** The sign-in goes on with another challenge (the hand-over is used, the second step follows). */
export async function passProviderSession(db: Db, fromHash: string, toHash: string) {
  await db.update(oidcSessions).set({ pendingHash: toHash }).where(eq(oidcSessions.pendingHash, fromHash));
}

/** The session has started: from now on the row belongs to its family. */
export async function attachProviderSession(db: Db, rowUid: string, family: string) {
  await db.update(oidcSessions).set({ family, pendingHash: null }).where(eq(oidcSessions.uid, rowUid));
}

/** Whether the session came from the provider. */
export async function isProviderSession(db: Db, family: string): Promise<boolean> {
  const [row] = await db.select({ uid: oidcSessions.uid }).from(oidcSessions).where(eq(oidcSessions.family, family));
  return row !== undefined;
}

/** Whether the session came from the provider with a second factor proved there (its `amr`). */
export async function secondFactorProvedByProvider(db: Db, family: string): Promise<boolean> {
  const [row] = await db
    .select({ uid: oidcSessions.uid })
    .from(oidcSessions)
    .where(and(eq(oidcSessions.family, family), eq(oidcSessions.secondFactorByProvider, true)));
  return row !== undefined;
}

/** The session's origin at the provider, which the session started from `pending` keeps. */
export const providerOriginOf = (pending: { uid: string; secondFactorByProvider: boolean }): SessionOrigin => ({
  name: 'oidc',
  secondFactorProved: pending.secondFactorByProvider,
  record: (tx, family) => attachProviderSession(tx, pending.uid, family),
});

/** The sign-in at the provider that a second step's challenge (by its hash) continues, if it continues one. */
export async function providerOriginOfSecondStep(db: Db, challengeHash: string): Promise<SessionOrigin | undefined> {
  const pending = await pendingProviderSession(db, challengeHash);
  return pending && providerOriginOf(pending);
}

/** A started session's tie to the provider: its link, the provider's refresh token (sealed) and when the provider last vouched. */
export async function providerSessionOf(db: Db, family: string) {
  const [row] = await db
    .select({
      uid: oidcSessions.uid,
      sealedRefreshToken: oidcSessions.refreshToken,
      checkedAt: oidcSessions.providerCheckedAt,
      issuer: oidcLinks.issuer,
      subject: oidcLinks.subject,
    })
    .from(oidcSessions)
    .innerJoin(oidcLinks, eq(oidcLinks.uid, oidcSessions.linkUid))
    .where(eq(oidcSessions.family, family));
  return row && { ...row, checkedAt: new Date(row.checkedAt) };
}

export type ProviderSession = NonNullable<Awaited<ReturnType<typeof providerSessionOf>>>;

/** The provider vouched for the session now: its refresh token (when it rotated it) and its session id (when it named one). */
export async function recordProviderCheck(
  db: Db,
  key: Buffer,
  rowUid: string,
  { refreshToken, providerSid, checkedAt }: { refreshToken?: string; providerSid?: string; checkedAt: Date },
) {
  await db
    .update(oidcSessions)
    .set({
      providerCheckedAt: checkedAt,
      ...(refreshToken === undefined ? {} : { refreshToken: encrypt(key, refreshToken, rowUid) }),
      ...(providerSid === undefined ? {} : { providerSid }),
    })
    .where(eq(oidcSessions.uid, rowUid));
}
