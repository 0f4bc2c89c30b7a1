import { inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { users } from '../db/schema';
import type { AuditAction } from '../../contracts/audit-actions';
import { recordAudit, type AuditContext } from '../shared/audit';

/** The target of an event about a user: labelled with the public name. */
export const userTarget = (uid: string, publicName: string) => ({ type: 'user', id: uid, label: publicName });

/** One event per user (ban, unban, revoking refresh tokens), each labelled with that user's public name; in the caller's transaction. */
export async function recordUserEvents(
  tx: Db,
  context: AuditContext,
  action: AuditAction,
  uids: string[],
  changes: Record<string, unknown> = {},
) {
  const rows = await tx
    .select({ uid: users.uid, publicName: users.publicName })
    .from(users)
    .where(inArray(users.uid, uids));
  const names = new Map(rows.map((row) => [row.uid, row.publicName]));
  for (const uid of uids)
    await recordAudit(tx, { ...context, action, target: userTarget(uid, names.get(uid) ?? ''), changes });
}
