import { and, eq } from 'drizzle-orm';
import type { UserChanges } from '../../authentication';
import type { Db } from '../../db';
import { oidcLinks, users } from '../../db/schema';
import { recordAudit } from '../../shared/audit';
import { userTarget } from '../audit';
import { lockPermissions } from '../permission-rules';
import { syncSecondFactorRequirement } from '../second-factor-policy';
import { findPasswordLogin, findUser, findUsername } from '../users';
import type { ProviderIdentity } from './claims';
import { ProviderSignInRefused } from './refusals';

/**
 * The Caredesk user of a provider account (table oidc_links, by issuer and subject). The first sign-in links the user whose username
 * is the verified email, else the preferred_username; with OIDC_CREATE_USERS it creates one when the claims map to a role. The roles
 * the claims map to replace the user's at every sign-in and every refresh, except the first administrator's (ADMIN_USERNAME): that
 * account keeps its roles and its password, the way in when the provider is down or wrongly set up.
 */

export interface AccountSettings {
  createUsers: boolean;
  /** The first administrator's username (ADMIN_USERNAME, or `admin`). */
  firstAdministrator: string;
}

export interface SigningInUser {
  uid: string;
  publicName: string;
  /** How audit events name the user: the username, else the public name. */
  label: string;
  linkUid: string;
}

const isFirstAdministrator = (settings: Omit<AccountSettings, 'createUsers'>, username: string | null) =>
  username !== null && username.toLowerCase() === settings.firstAdministrator.toLowerCase();

/** The user the provider's account signs in as, linked or created now, with the roles of the claims; refused otherwise. */
export async function accountOf(
  db: Db,
  changes: UserChanges,
  settings: AccountSettings,
  identity: ProviderIdentity,
  address: string,
): Promise<SigningInUser> {
  const linked = await db.transaction(async (tx) => {
    // one first sign-in of a subject at a time: two would link or create twice
    await lockPermissions(tx);
    return (await findLink(tx, identity)) ?? linkOrCreate(tx, settings, identity, address);
  });
  const user = await findUser(db, linked.userUid);
  const username = await findUsername(db, linked.userUid);
  const label = username ?? user?.publicName ?? linked.userUid;
  if (!user || user.bannedAt)
    throw new ProviderSignInRefused('banned', 'the user is banned', {
      subject: identity.subject,
      user: { uid: linked.userUid, label },
    });
  const managesRoles = identity.roles !== undefined && !isFirstAdministrator(settings, username);
  await changes.transaction(db, { users: [user.uid] }, async (tx) => {
    await tx.update(oidcLinks).set({ lastSignInAt: new Date() }).where(eq(oidcLinks.uid, linked.linkUid));
    if (managesRoles) await takeRoles(tx, userTarget(user.uid, user.publicName), identity.roles!, address);
  });
  return { uid: user.uid, publicName: user.publicName, label, linkUid: linked.linkUid };
}

/** At a refresh of a session from the provider: the roles of the fresh claims replace the user's, as at sign-in. */
export async function refreshRoles(
  db: Db,
  changes: UserChanges,
  settings: Omit<AccountSettings, 'createUsers'>,
  userUid: string,
  identity: ProviderIdentity,
  address: string,
) {
  const roles = identity.roles;
  const user = await findUser(db, userUid);
  if (!user || roles === undefined || sameRoles(user.roles, roles)) return;
  if (isFirstAdministrator(settings, await findUsername(db, userUid))) return;
  await changes.transaction(db, { users: [userUid] }, (tx) =>
    takeRoles(tx, userTarget(user.uid, user.publicName), roles, address),
  );
}

const sameRoles = (stored: string[], roles: string[]) =>
  stored.length === roles.length && stored.every((role) => roles.includes(role));

async function findLink(db: Db, { issuer, subject }: ProviderIdentity) {
  const [link] = await db
    .select({ linkUid: oidcLinks.uid, userUid: oidcLinks.userUid })
    .from(oidcLinks)
    .where(and(eq(oidcLinks.issuer, issuer), eq(oidcLinks.subject, subject)));
  return link;
}

/** The user to link by the claims: the verified email's, else the preferred_username's (usernames compare regardless of case). */
async function linkableUser(db: Db, identity: ProviderIdentity) {
  const byEmail = identity.verifiedEmail && (await findPasswordLogin(db, identity.verifiedEmail));
  if (byEmail) return { ...byEmail.user, by: 'email' };
  const byUsername = identity.preferredUsername && (await findPasswordLogin(db, identity.preferredUsername));
  if (byUsername) return { ...byUsername.user, by: 'preferred_username' };
  return undefined;
}

async function linkOrCreate(tx: Db, settings: AccountSettings, identity: ProviderIdentity, address: string) {
  const { issuer, subject } = identity;
  const existing = await linkableUser(tx, identity);
  if (existing) {
    const [other] = await tx
      .select({ subject: oidcLinks.subject })
      .from(oidcLinks)
      .where(and(eq(oidcLinks.userUid, existing.uid), eq(oidcLinks.issuer, issuer)));
    if (other)
      throw new ProviderSignInRefused('no-account', 'the matching user is linked to another account of the provider', {
        subject,
        user: { uid: existing.uid, label: existing.publicName },
      });
    const linkUid = await insertLink(tx, existing.uid, identity);
    await recordAudit(tx, {
      action: 'user.provider-link',
      actor: null,
      address,
      target: userTarget(existing.uid, existing.publicName),
      changes: { issuer, subject, by: existing.by },
    });
    return { linkUid, userUid: existing.uid };
  }
  if (!settings.createUsers)
    throw new ProviderSignInRefused('no-account', 'no user matches the claims, and none may be created', { subject });
  const roles = identity.roles ?? [];
  if (roles.length === 0)
    throw new ProviderSignInRefused('no-role', 'the claims map to no role, so no user is created', { subject });
  const [created] = await tx
    .insert(users)
    .values({ publicName: identity.publicName, roles })
    .returning({ uid: users.uid });
  await syncSecondFactorRequirement(tx, [created.uid]);
  const linkUid = await insertLink(tx, created.uid, identity);
  await recordAudit(tx, {
    action: 'user.provider-create',
    actor: null,
    address,
    target: userTarget(created.uid, identity.publicName),
    changes: { issuer, subject, public_name: identity.publicName, roles },
  });
  return { linkUid, userUid: created.uid };
}

async function insertLink(tx: Db, userUid: string, { issuer, subject }: ProviderIdentity): Promise<string> {
  const [link] = await tx.insert(oidcLinks).values({ userUid, issuer, subject }).returning({ uid: oidcLinks.uid });
  return link.uid;
}

/** The roles of the claims replace the user's (their second-factor requirement follows), audited when they changed. */
async function takeRoles(tx: Db, target: ReturnType<typeof userTarget>, roles: string[], address: string) {
  const uid = target.id;
  await lockPermissions(tx);
  const [stored] = await tx.select({ roles: users.roles }).from(users).where(eq(users.uid, uid));
  if (sameRoles(stored.roles, roles)) return;
  await tx.update(users).set({ roles }).where(eq(users.uid, uid));
  await syncSecondFactorRequirement(tx, [uid]);
  await recordAudit(tx, {
    action: 'user.provider-roles',
    actor: null,
    address,
    target,
    changes: { roles, previous_roles: stored.roles },
  });
}
