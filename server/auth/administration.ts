import type { Db } from '../db';
import { badRequest, conflict, notFound, readOnlyMismatch } from '../shared/problem';
import { assertReadOnly, assertSameUid } from '../shared/read-only';
import { assertUncommonPassword } from './common-passwords';
import { hashPassword } from './passwords';
import { revokeRefreshTokensOf } from './refresh-tokens';
import type { CreateUserInput, DomainUserInput, PasswordAuthenticationInput } from './schemas';
import {
  distinct,
  domainUserOf,
  findPanelUser,
  findUser,
  insertUser,
  isUniqueViolation,
  setBanned,
  setPasswordAuthentication,
  unknownUids,
  updateDomainUser,
} from './users';

/** What the user routes do, apart from HTTP: each function throws the problem its route answers. */

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

export async function createUser(db: Db, { username, password, public_name, roles }: CreateUserInput) {
  await assertUncommonPassword(password);
  const passwordHash = await hashPassword(password);
  const uid = await rethrowTakenUsername(insertUser(db, { publicName: public_name, roles: distinct(roles), username, passwordHash }));
  return panelUser(db, uid);
}

export async function changeDomainUser(db: Db, uid: string, body: DomainUserInput) {
  assertSameUid('uid', body.uid, uid, 'uid must equal the uid in the path.');
  const stored = await findUser(db, uid);
  if (!stored) throw userNotFound();
  assertReadOnly('banned', body.banned, stored.bannedAt !== null);
  const user = await updateDomainUser(db, uid, body.public_name, distinct(body.roles));
  if (!user) throw userNotFound();
  return domainUserOf(db, user);
}

export async function changePasswordAuthentication(db: Db, uid: string, { type, username, password }: PasswordAuthenticationInput) {
  if (type !== undefined && type !== 'password') throw readOnlyMismatch('type', 'type must be "password", the only authentication method.');
  await panelUser(db, uid);
  if (password !== undefined) await assertUncommonPassword(password);
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  const saved = await rethrowTakenUsername(setPasswordAuthentication(db, uid, username, passwordHash));
  if (!saved) throw badRequest('password is required: the user has no password yet.', 'password', 'password-required');
  // A password set by an administrator ends every session of the user.
  if (passwordHash !== undefined) await revokeRefreshTokensOf(db, [uid]);
  return panelUser(db, uid);
}

/** The signed-in user's own username and password; the change ends the user's other sessions (`currentSession` goes on). */
export async function changeOwnPasswordAuthentication(db: Db, uid: string, username: string, password: string, currentSession?: string) {
  await assertUncommonPassword(password);
  await rethrowTakenUsername(setPasswordAuthentication(db, uid, username, await hashPassword(password)));
  await revokeRefreshTokensOf(db, [uid], { exceptFamily: currentSession });
  return { uid, username };
}

export async function revokeRefreshTokens(db: Db, uids: string[]) {
  const normalized = normalizeUids(uids);
  await assertAllKnown(db, normalized);
  return { revoked: await revokeRefreshTokensOf(db, normalized) };
}

export async function banUsers(db: Db, uids: string[], callerUid: string) {
  const normalized = normalizeUids(uids);
  if (normalized.includes(callerUid)) throw badRequest('You cannot ban yourself.', 'uids', 'self-ban');
  await assertAllKnown(db, normalized);
  await db.transaction(async (tx) => {
    await setBanned(tx, normalized, true);
    await revokeRefreshTokensOf(tx, normalized);
  });
  return { banned: normalized };
}

export async function unbanUsers(db: Db, uids: string[]) {
  const normalized = normalizeUids(uids);
  await assertAllKnown(db, normalized);
  await setBanned(db, normalized, false);
  return { unbanned: normalized };
}
