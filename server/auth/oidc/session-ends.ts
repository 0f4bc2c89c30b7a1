import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { UserChanges } from '../../authentication';
import type { Db } from '../../db';
import { oidcLinks, oidcSessions, sessions, users } from '../../db/schema';
import { recordAudit } from '../../shared/audit';
import { revokeFamily } from '../refresh-tokens';

/**
 * Why the provider ended a session: it refused the session's refresh there (`refused`: the account is disabled or deleted, or the
 * consent revoked), it gave no word for too long (`unconfirmed`: unreachable, or no refresh token to ask with), or it sent a
 * back-channel logout (`back-channel-logout`).
 */
export type ProviderEnding = 'refused' | 'unconfirmed' | 'back-channel-logout';

/**
 * Ends sessions from the provider at once: their refresh tokens are refused and, as every ending of a session is a change of its user,
 * their access tokens in every process. Each live one is audited as `session.provider-end` with its user, the provider's subject and
 * the reason. Answers how many were live.
 */
export async function endProviderSessions(
  db: Db,
  changes: UserChanges,
  families: string[],
  { reason, address }: { reason: ProviderEnding; address: string },
): Promise<number> {
  if (families.length === 0) return 0;
  const found = await db
    .select({
      family: sessions.family,
      userUid: sessions.userUid,
      publicName: users.publicName,
      subject: oidcLinks.subject,
    })
    .from(oidcSessions)
    .innerJoin(sessions, eq(sessions.family, oidcSessions.family))
    .innerJoin(users, eq(users.uid, sessions.userUid))
    .innerJoin(oidcLinks, eq(oidcLinks.uid, oidcSessions.linkUid))
    .where(and(inArray(oidcSessions.family, families), isNull(sessions.revokedAt)));
  if (found.length === 0) return 0;
  return changes.transaction(db, { users: [...new Set(found.map((row) => row.userUid))] }, async (tx) => {
    let ended = 0;
    for (const row of found) {
      // another ending may have come first: each session is ended and audited once
      const [stillLive] = await tx
        .select({ family: sessions.family })
        .from(sessions)
        .where(and(eq(sessions.family, row.family), isNull(sessions.revokedAt)))
        .for('update');
      if (!stillLive) continue;
      await revokeFamily(tx, row.family);
      await recordAudit(tx, {
        action: 'session.provider-end',
        actor: null,
        address,
        target: { type: 'session', id: row.family, label: row.publicName },
        changes: { user: row.userUid, subject: row.subject, reason },
      });
      ended++;
    }
    return ended;
  });
}
