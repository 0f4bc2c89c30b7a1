import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { oidcLinks, passwordAuthentications, users } from '../db/schema';
import { epochSecondsOf } from '../shared/paging';
import type { DomainUserResponse, PanelUserResponse } from '../../contracts/auth';
import { lockedUsernames } from './sign-in-throttle';
import { secondFactorStateColumn, syncSecondFactorRequirement } from './second-factor-policy';
import type { SecondFactorState } from '../../contracts/second-factors';
import { linkColumns, linkJoin, signInOf, type LinkRow, type LinkSettings } from './oidc/links';

interface UserRow {
  uid: string;
  publicName: string;
  roles: string[];
  bannedAt: Date | null;
  lastSignInAt: Date | null;
  secondFactor: SecondFactorState;
}

interface PasswordLogin {
  user: UserRow;
  passwordHash: string;
}

export const userColumns = {
  uid: users.uid,
  publicName: users.publicName,
  roles: users.roles,
  bannedAt: users.bannedAt,
  lastSignInAt: users.lastSignInAt,
  secondFactor: secondFactorStateColumn,
};

/** `locked`: the user's sign-in is blocked now (throttled under its username, from every address or from some). */
export const toDomainUser = (user: UserRow, locked: boolean): DomainUserResponse => ({
  uid: user.uid,
  public_name: user.publicName,
  roles: user.roles,
  banned: user.bannedAt !== null,
  locked,
  last_sign_in: user.lastSignInAt ? epochSecondsOf(user.lastSignInAt) : null,
  second_factor: user.secondFactor,
});

const isLocked = (locked: Set<string>, username: string | null) =>
  username !== null && locked.has(username.toLowerCase());

/** A user as the list and the item routes answer it: how they sign in, with their link to the configured provider. */
export interface PanelUserRow {
  user: UserRow;
  username: string | null;
  link: LinkRow | null;
}

export const panelUserOf = (
  { user, username, link }: PanelUserRow,
  locked: boolean,
  provider: LinkSettings | undefined,
): PanelUserResponse => ({
  domain_user: toDomainUser(user, locked),
  authentication_methods: username === null ? [] : [{ type: 'password', username }],
  ...signInOf(provider, link, username),
});

const toPanelUser = (row: PanelUserRow, locked: Set<string>, provider: LinkSettings | undefined) =>
  panelUserOf(row, isLocked(locked, row.username), provider);

/** The domain_user of a user row, with its current lock state. */
export async function domainUserOf(db: Db, user: UserRow): Promise<DomainUserResponse> {
  return toDomainUser(user, isLocked(await lockedUsernames(db), await findUsername(db, user.uid)));
}

export const distinct = <T>(values: T[]): T[] => [...new Set(values)];

export async function findUser(db: Db, uid: string): Promise<UserRow | undefined> {
  const [user] = await db.select(userColumns).from(users).where(eq(users.uid, uid));
  return user;
}

export async function findPasswordLogin(db: Db, username: string): Promise<PasswordLogin | undefined> {
  const [row] = await db
    .select({ user: userColumns, passwordHash: passwordAuthentications.passwordHash })
    .from(passwordAuthentications)
    .innerJoin(users, eq(users.uid, passwordAuthentications.userUid))
    .where(sql`lower(${passwordAuthentications.username}) = lower(${username})`);
  return row;
}

export async function findUsername(db: Db, uid: string): Promise<string | null> {
  const [row] = await db
    .select({ username: passwordAuthentications.username })
    .from(passwordAuthentications)
    .where(eq(passwordAuthentications.userUid, uid));
  return row?.username ?? null;
}

function panelUserQuery(db: Db, provider: LinkSettings | undefined) {
  return db
    .select({ user: userColumns, username: passwordAuthentications.username, link: linkColumns })
    .from(users)
    .leftJoin(passwordAuthentications, eq(passwordAuthentications.userUid, users.uid))
    .leftJoin(oidcLinks, linkJoin(provider));
}

export async function listPanelUsers(db: Db, provider: LinkSettings | undefined): Promise<PanelUserResponse[]> {
  const rows = await panelUserQuery(db, provider).orderBy(
    asc(sql`lower(${users.publicName})`),
    asc(users.publicName),
    asc(users.uid),
  );
  const locked = await lockedUsernames(db);
  return rows.map((row) => toPanelUser(row, locked, provider));
}

export async function findPanelUser(
  db: Db,
  uid: string,
  provider: LinkSettings | undefined,
): Promise<PanelUserResponse | undefined> {
  const [row] = await panelUserQuery(db, provider).where(eq(users.uid, uid));
  return row && toPanelUser(row, await lockedUsernames(db), provider);
}

interface NewUser {
  publicName: string;
  roles: string[];
  username: string;
  passwordHash: string;
}

/** Throws the database's unique violation when the username is taken (see isUniqueViolation). */
export async function insertUser(db: Db, user: NewUser): Promise<string> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ publicName: user.publicName, roles: user.roles })
      .returning({ uid: users.uid });
    await tx
      .insert(passwordAuthentications)
      .values({ userUid: created.uid, username: user.username, passwordHash: user.passwordHash });
    await syncSecondFactorRequirement(tx, [created.uid]);
    return created.uid;
  });
}

/** Changes name and roles; a role that requires a second factor starts the user's grace period (second-factor-policy.ts). */
export async function updateDomainUser(
  db: Db,
  uid: string,
  publicName: string,
  roles: string[],
): Promise<UserRow | undefined> {
  const [updated] = await db
    .update(users)
    .set({ publicName, roles })
    .where(eq(users.uid, uid))
    .returning({ uid: users.uid });
  if (!updated) return undefined;
  await syncSecondFactorRequirement(db, [uid]);
  return findUser(db, uid);
}

/** Sets the username, and the password when given. Returns false when there is no password to keep. */
export async function setPasswordAuthentication(
  db: Db,
  uid: string,
  username: string,
  passwordHash?: string,
): Promise<boolean> {
  const updatedAt = new Date();
  if (passwordHash === undefined) {
    const updated = await db
      .update(passwordAuthentications)
      .set({ username, updatedAt })
      .where(eq(passwordAuthentications.userUid, uid))
      .returning({ uid: passwordAuthentications.userUid });
    return updated.length > 0;
  }
  await db
    .insert(passwordAuthentications)
    .values({ userUid: uid, username, passwordHash, updatedAt })
    .onConflictDoUpdate({ target: passwordAuthentications.userUid, set: { username, passwordHash, updatedAt } });
  return true;
}

/** The uids among the given ones that name no user. */
export async function unknownUids(db: Db, uids: string[]): Promise<string[]> {
  const known = await db.select({ uid: users.uid }).from(users).where(inArray(users.uid, uids));
  const knownUids = new Set(known.map((row) => row.uid));
  return uids.filter((uid) => !knownUids.has(uid));
}

export async function setBanned(db: Db, uids: string[], banned: boolean) {
  // A repeated ban keeps the time of the first one.
  const target = banned ? sql`coalesce(${users.bannedAt}, now())` : sql`null`;
  await db.update(users).set({ bannedAt: target }).where(inArray(users.uid, uids));
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row.count;
}

/** Whether an error, possibly wrapped by drizzle, is PostgreSQL's unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
