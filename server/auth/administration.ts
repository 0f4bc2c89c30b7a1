import type { Db } from '../db';
import type { UserChanges } from '../authentication/cache';
import { changedFields, recordAudit, type AuditContext } from '../shared/audit';
import { badRequest, conflict, HttpProblem, notFound, problemType, readOnlyMismatch } from '../shared/problem';
import { assertReadOnly, assertSameUid } from '../shared/read-only';
import { recordUserEvents, userTarget } from './audit';
import { assertUncommonPassword } from './common-passwords';
import { hashPassword } from './passwords';
import {
  assertMayGrant,
  assertMayManage,
  changedRoles,
  keepingARolesManager,
  lockPermissions,
  type Actor,
} from './permission-rules';
import { revokeRefreshTokensOf } from './refresh-tokens';
import type { CreateUserInput, DomainUserInput, PasswordAuthenticationInput } from '../../contracts/auth';
import { rolesManagedByProvider, type LinkSettings } from './oidc/links';
import {
  distinct,
  domainUserOf,
  findPanelUser,
  findUser,
  findUsername,
  insertUser,
  isUniqueViolation,
  setBanned,
  setPasswordAuthentication,
  unknownUids,
  updateDomainUser,
} from './users';

/** What the user routes do, apart from HTTP: each function throws the problem its route answers. */

/** Who changes users: the signed-in caller, under the access policy (ACCESS_POLICY=open: everyone holds everything). */
export interface Administrator extends Actor {
  uid: string;
  accessPolicy: 'roles' | 'open';
}

const userNotFound = () => notFound('No user has this uid.', 'uid', 'user-not-found');

/** Lower-case, without duplicates: how uids are compared and answered. */
const normalizeUids = (uids: string[]) => distinct(uids.map((uid) => uid.toLowerCase()));

/** Turns the unique-index violation of a username write into 409 on field username. */
async function rethrowTakenUsername<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('The username is already taken.', 'username', 'username-taken');
    throw error;
  }
}

async function assertAllKnown(db: Db, uids: string[]) {
  const unknown = await unknownUids(db, uids);
  if (unknown.length) throw notFound(`No user has the uid ${unknown.join(', ')}.`, 'uids', 'user-not-found');
}

export async function panelUser(db: Db, uid: string, provider: LinkSettings | undefined) {
  const user = await findPanelUser(db, uid, provider);
  if (!user) throw userNotFound();
  return user;
}

export async function createUser(
  db: Db,
  { username, password, public_name, roles }: CreateUserInput,
  by: Administrator,
  audit: AuditContext,
  provider: LinkSettings | undefined,
) {
  await assertUncommonPassword(password);
  const passwordHash = await hashPassword(password);
  const newUser = { publicName: public_name, roles: distinct(roles), username, passwordHash };
  return rethrowTakenUsername(
    db.transaction(async (tx) => {
      await lockPermissions(tx);
      await assertMayGrant(tx, by, newUser.roles);
      const created = await insertUser(tx, newUser);
      const changes = { username, public_name, roles: newUser.roles };
      await recordAudit(tx, { ...audit, action: 'user.create', target: userTarget(created, public_name), changes });
      return panelUser(tx, created, provider);
    }),
  );
}

export async function changeDomainUser(
  db: Db,
  changes: UserChanges,
  uid: string,
  body: DomainUserInput,
  by: Administrator,
  audit: AuditContext,
  provider: LinkSettings | undefined,
) {
  assertSameUid('uid', body.uid, uid, 'uid must equal the uid in the path.');
  const roles = distinct(body.roles);
  const user = await changes.transaction(db, { users: [uid.toLowerCase()] }, (tx) =>
    keepingARolesManager(tx, by.accessPolicy, async () => {
      const stored = await findUser(tx, uid);
      if (!stored) throw userNotFound();
      assertReadOnly('banned', body.banned, stored.bannedAt !== null);
      await assertMayManage(tx, by, uid);
      const changing = changedRoles(stored.roles, roles);
      if (changing.length > 0 && (await rolesManagedByProvider(tx, provider, uid)))
        throw new HttpProblem(
          409,
          'Conflict',
          `The roles of this user come from ${provider!.name} at every sign-in: change them there.`,
          { field: 'roles', type: problemType('roles-managed-by-provider'), provider: provider!.name },
        );
      await assertMayGrant(tx, by, changing);
      const updated = await updateDomainUser(tx, uid, body.public_name, roles);
      if (!updated) throw userNotFound();
      const changes = changedFields(
        { public_name: stored.publicName, roles: stored.roles },
        { public_name: updated.publicName, roles: updated.roles },
      );
      await recordAudit(tx, { ...audit, action: 'user.update', target: userTarget(uid, updated.publicName), changes });
      return updated;
    }),
  );
  return domainUserOf(db, user);
}

export async function changePasswordAuthentication(
  db: Db,
  changes: UserChanges,
  uid: string,
  { type, username, password }: PasswordAuthenticationInput,
  by: Administrator,
  audit: AuditContext,
  provider: LinkSettings | undefined,
) {
  if (type !== undefined && type !== 'password')
    throw readOnlyMismatch('type', 'type must be "password", the only authentication method.');
  const user = await panelUser(db, uid, provider);
  if (password !== undefined) await assertUncommonPassword(password);
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  await rethrowTakenUsername(
    changes.transaction(db, { users: [uid.toLowerCase()] }, async (tx) => {
      await assertMayManage(tx, by, uid);
      const storedUsername = await findUsername(tx, uid);
      const saved = await setPasswordAuthentication(tx, uid, username, passwordHash);
      if (!saved)
        throw badRequest('password is required: the user has no password yet.', 'password', 'password-required');
      // A password set by an administrator ends every session of the user.
      if (passwordHash !== undefined) await revokeRefreshTokensOf(tx, [uid]);
      const changes = {
        ...(username === storedUsername ? {} : { username }),
        ...(passwordHash ? { password: 'changed' } : {}),
      };
      await recordAudit(tx, {
        ...audit,
        action: 'user.password-set',
        target: userTarget(uid, user.domain_user.public_name),
        changes,
      });
    }),
  );
  return panelUser(db, uid, provider);
}

/** The signed-in user's own username and password; the change ends the user's other sessions (`currentSession` goes on). */
export async function changeOwnPasswordAuthentication(
  db: Db,
  changes: UserChanges,
  uid: string,
  username: string,
  password: string,
  audit: AuditContext,
  currentSession?: string,
) {
  await assertUncommonPassword(password);
  const passwordHash = await hashPassword(password);
  await rethrowTakenUsername(
    changes.transaction(db, { users: [uid] }, async (tx) => {
      const storedUsername = await findUsername(tx, uid);
      await setPasswordAuthentication(tx, uid, username, passwordHash);
      await revokeRefreshTokensOf(tx, [uid], { exceptFamily: currentSession });
      const changes = { ...(username === storedUsername ? {} : { username }), password: 'changed' };
      await recordAudit(tx, {
        ...audit,
        action: 'user.password-change',
        target: userTarget(uid, audit.actor?.publicName ?? ''),
        changes,
      });
    }),
  );
  return { uid, username };
}

export async function revokeRefreshTokens(
  db: Db,
  changes: UserChanges,
  uids: string[],
  by: Administrator,
  audit: AuditContext,
) {
  const normalized = normalizeUids(uids);
  await assertAllKnown(db, normalized);
  const revoked = await changes.transaction(db, { users: normalized }, async (tx) => {
    await assertMayManage(tx, by, normalized);
    const count = await revokeRefreshTokensOf(tx, normalized);
    await recordUserEvents(tx, audit, 'user.revoke-refresh-tokens', normalized);
    return count;
  });
  return { revoked };
}

export async function banUsers(db: Db, changes: UserChanges, uids: string[], by: Administrator, audit: AuditContext) {
  const normalized = normalizeUids(uids);
  if (normalized.includes(by.uid)) throw badRequest('You cannot ban yourself.', 'uids', 'self-ban');
  await assertAllKnown(db, normalized);
  await changes.transaction(db, { users: normalized }, (tx) =>
    keepingARolesManager(tx, by.accessPolicy, async () => {
      await assertMayManage(tx, by, normalized);
      await setBanned(tx, normalized, true);
      await revokeRefreshTokensOf(tx, normalized);
      await recordUserEvents(tx, audit, 'user.ban', normalized, { banned: true });
    }),
  );
  return { banned: normalized };
}

export async function unbanUsers(db: Db, changes: UserChanges, uids: string[], by: Administrator, audit: AuditContext) {
  const normalized = normalizeUids(uids);
  await assertAllKnown(db, normalized);
  await changes.transaction(db, { users: normalized }, async (tx) => {
    await assertMayManage(tx, by, normalized);
    await setBanned(tx, normalized, false);
    await recordUserEvents(tx, audit, 'user.unban', normalized, { banned: false });
  });
  return { unbanned: normalized };
}
