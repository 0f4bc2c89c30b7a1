import type { Db } from '../db';
import { badRequest, conflict, notFound, readOnlyMismatch } from '../shared/problem';
import { assertReadOnly, assertSameUid } from '../shared/read-only';
import { hashPassword } from './passwords';
import { assertMayGrant, assertMayManage, changedRoles, keepingARolesManager, lockPermissions, type Actor } from './permission-rules';
import { revokeRefreshTokensOf } from './refresh-tokens';
import type { CreateUserInput, DomainUserInput, PasswordAuthenticationInput } from './schemas';
import {
  distinct,
  findPanelUser,
  findUser,
  insertUser,
  isUniqueViolation,
  setBanned,
  setPasswordAuthentication,
  toDomainUser,
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

export async function panelUser(db: Db, uid: string) {
  const user = await findPanelUser(db, uid);
  if (!user) throw userNotFound();
  return user;
}

export async function createUser(db: Db, { username, password, public_name, roles }: CreateUserInput, by: Administrator) {
  const passwordHash = await hashPassword(password);
  const newUser = { publicName: public_name, roles: distinct(roles), username, passwordHash };
  const uid = await rethrowTakenUsername(
    db.transaction(async (tx) => {
      await lockPermissions(tx);
      await assertMayGrant(tx, by, newUser.roles);
      return insertUser(tx, newUser);
    }),
  );
  return panelUser(db, uid);
}

export async function changeDomainUser(db: Db, uid: string, body: DomainUserInput, by: Administrator) {
  assertSameUid('uid', body.uid, uid, 'uid must equal the uid in the path.');
  const roles = distinct(body.roles);
  const user = await db.transaction((tx) =>
    keepingARolesManager(tx, by.accessPolicy, async () => {
      const stored = await findUser(tx, uid);
      if (!stored) throw userNotFound();
      assertReadOnly('banned', body.banned, stored.bannedAt !== null);
      await assertMayManage(tx, by, uid);
      await assertMayGrant(tx, by, changedRoles(stored.roles, roles));
      return updateDomainUser(tx, uid, body.public_name, roles);
    }),
  );
  if (!user) throw userNotFound();
  return toDomainUser(user);
}

export async function changePasswordAuthentication(db: Db, uid: string, { type, username, password }: PasswordAuthenticationInput, by: Administrator) {
  if (type !== undefined && type !== 'password') throw readOnlyMismatch('type', 'type must be "password", the only authentication method.');
  await panelUser(db, uid);
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  const saved = await rethrowTakenUsername(
    db.transaction(async (tx) => {
      await assertMayManage(tx, by, uid);
      return setPasswordAuthentication(tx, uid, username, passwordHash);
    }),
  );
  if (!saved) throw badRequest('password is required: the user has no password yet.', 'password', 'password-required');
  return panelUser(db, uid);
}

/** The signed-in user's own username and password. */
export async function changeOwnPasswordAuthentication(db: Db, uid: string, username: string, password: string) {
  await rethrowTakenUsername(setPasswordAuthentication(db, uid, username, await hashPassword(password)));
  return { uid, username };
}

export async function revokeRefreshTokens(db: Db, uids: string[], by: Administrator) {
  const normalized = normalizeUids(uids);
  await assertAllKnown(db, normalized);
  const revoked = await db.transaction(async (tx) => {
    await assertMayManage(tx, by, normalized);
    return revokeRefreshTokensOf(tx, normalized);
  });
  return { revoked };
}

export async function banUsers(db: Db, uids: string[], by: Administrator) {
  const normalized = normalizeUids(uids);
  if (normalized.includes(by.uid)) throw badRequest('You cannot ban yourself.', 'uids', 'self-ban');
  await assertAllKnown(db, normalized);
  await db.transaction((tx) =>
    keepingARolesManager(tx, by.accessPolicy, async () => {
      await assertMayManage(tx, by, normalized);
      await setBanned(tx, normalized, true);
      await revokeRefreshTokensOf(tx, normalized);
    }),
  );
  return { banned: normalized };
}

export async function unbanUsers(db: Db, uids: string[], by: Administrator) {
  const normalized = normalizeUids(uids);
  await assertAllKnown(db, normalized);
  await db.transaction(async (tx) => {
    await assertMayManage(tx, by, normalized);
    await setBanned(tx, normalized, false);
  });
  return { unbanned: normalized };
}
