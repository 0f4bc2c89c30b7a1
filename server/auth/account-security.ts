import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db';
import type { UserChanges } from '../authentication/cache';
import { passwordAuthentications, users } from '../db/schema';
import { recordAudit, type AuditEvent } from '../shared/audit';
import { notFound } from '../shared/problem';
import { assertMayManage, type Actor } from './permission-rules';
import { listActiveSessions, revokeSessionOf } from './sessions';
import { unlockUsernames } from './sign-in-throttle';
import { distinct, findUser, unknownUids } from './users';

/** Unlocking users and their sessions: what the account-security routes do, apart from HTTP. */

type AuditContext = Pick<AuditEvent, 'actor' | 'address'>;

const userNotFound = () => notFound('No user has this uid.', 'uid', 'user-not-found');

/** Forgets the users' sign-in failures (under their usernames, from every address); audited per user. */
export async function unlockUsers(db: Db, uids: string[], actor: Actor, context: AuditContext) {
  const normalized = distinct(uids.map((uid) => uid.toLowerCase()));
  const unknown = await unknownUids(db, normalized);
  if (unknown.length) throw notFound(`No user has the uid ${unknown.join(', ')}.`, 'uids', 'user-not-found');
  const targets = await db
    .select({ uid: users.uid, publicName: users.publicName, username: passwordAuthentications.username })
    .from(users)
    .leftJoin(passwordAuthentications, eq(passwordAuthentications.userUid, users.uid))
    .where(inArray(users.uid, normalized));
  await db.transaction(async (tx) => {
    await assertMayManage(tx, actor, normalized);
    await unlockUsernames(
      tx,
      targets.flatMap((target) => (target.username === null ? [] : [target.username])),
    );
    for (const target of targets)
      await recordAudit(tx, {
        ...context,
        action: 'user.unlock',
        target: { type: 'user', id: target.uid, label: target.publicName },
      });
  });
  return { unlocked: normalized };
}

export async function sessionsOf(db: Db, uid: string) {
  if (!(await findUser(db, uid))) throw userNotFound();
  return listActiveSessions(db, uid);
}

/** Ends one session of the user: its refresh tokens are refused from now on. */
export async function revokeSession(
  db: Db,
  changes: UserChanges,
  uid: string,
  family: string,
  actor: Actor,
  context: AuditContext,
) {
  const user = await findUser(db, uid);
  if (!user) throw userNotFound();
  await changes.transaction(db, { users: [uid] }, async (tx) => {
    await assertMayManage(tx, actor, uid);
    if (!(await revokeSessionOf(tx, uid, family.toLowerCase())))
      throw notFound('The user has no active session with this family.', 'family', 'not-found');
    await recordAudit(tx, {
      ...context,
      action: 'session.revoke',
      target: { type: 'session', id: family.toLowerCase(), label: user.publicName },
      changes: { user: uid },
    });
  });
}
