import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { UserChanges } from '../../authentication';
import type { Db } from '../../db';
import {
  authenticationChallenges,
  oidcLinks,
  oidcSessions,
  passwordAuthentications,
  refreshTokens,
  sessions,
} from '../../db/schema';
import { recordAudit, type AuditContext } from '../../shared/audit';
import { badRequest, notFound } from '../../shared/problem';
import { userTarget } from '../audit';
import { hashPassword } from '../passwords';
import { assertMayManage, type Actor } from '../permission-rules';
import { findUser } from '../users';
import { findLinkOf, isFirstAdministrator, type LinkSettings } from './links';

/**
 * Unlinking a user from the configured provider (DELETE /administration/users/{uid}/oidc-link/). The sessions that came from the
 * provider end at once, also a sign-in that waits for the panel's hand-over or for its second step. A linked user has no Caredesk password, and unlinking gives
 * them none back: a password from before the link is replaced by one nobody knows, so the user signs in again only once an
 * administrator sets a password, or through the provider, whose next sign-in links them anew by email or username. The first
 * administrator's password was never replaced by the link and stays.
 */

export interface Unlinker extends Actor {
  uid: string;
}

const linkNotFound = () =>
  notFound('The user is not linked to the configured provider.', 'uid', 'provider-link-not-found');

export async function unlinkProvider(
  db: Db,
  changes: UserChanges,
  uid: string,
  provider: LinkSettings | undefined,
  by: Unlinker,
  audit: AuditContext,
) {
  const user = await findUser(db, uid);
  if (!user) throw notFound('No user has this uid.', 'uid', 'user-not-found');
  if (user.uid === by.uid)
    throw badRequest('You cannot unlink yourself: another administrator can.', 'uid', 'self-unlink');
  // hashed before the transaction, which should not wait for it
  const unknownPassword = await hashPassword(randomBytes(32).toString('base64url'));
  await changes.transaction(db, { users: [user.uid] }, async (tx) => {
    await assertMayManage(tx, by, user.uid);
    const found = await findLinkOf(tx, provider, user.uid);
    if (!found) throw linkNotFound();
    const now = new Date();
    const fromProvider = tx
      .select({ family: oidcSessions.family })
      .from(oidcSessions)
      .where(eq(oidcSessions.linkUid, found.link.uid));
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(inArray(sessions.family, fromProvider), isNull(sessions.revokedAt)))
      .returning({ family: sessions.family });
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(inArray(refreshTokens.family, fromProvider), isNull(refreshTokens.revokedAt)));
    const retire = found.username !== null && !isFirstAdministrator(provider!, found.username);
    if (retire)
      await tx
        .update(passwordAuthentications)
        .set({ passwordHash: unknownPassword, updatedAt: now })
        .where(eq(passwordAuthentications.userUid, user.uid));
    // a sign-in waiting for the panel's hand-over or for its second step ends with its challenge
    const pending = tx
      .select({ hash: oidcSessions.pendingHash })
      .from(oidcSessions)
      .where(eq(oidcSessions.linkUid, found.link.uid));
    await tx.delete(authenticationChallenges).where(inArray(authenticationChallenges.tokenHash, pending));
    await tx.delete(oidcLinks).where(eq(oidcLinks.uid, found.link.uid));
    await recordAudit(tx, {
      ...audit,
      action: 'user.provider-unlink',
      target: userTarget(user.uid, user.publicName),
      changes: {
        issuer: found.link.issuer,
        subject: found.link.subject,
        sessions_ended: ended.length,
        ...(retire ? { password: 'retired' } : {}),
      },
    });
  });
}
