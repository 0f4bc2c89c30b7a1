import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { oidcLinks, passwordAuthentications, users } from '../../db/schema';
import { epochSecondsOf } from '../../shared/paging';
import type { ProviderLinkResponse, SignInMethod } from '../../../contracts/auth';

/**
 * Users' links to the configured provider as the user administration shows and guards them. Only a link to the configured issuer
 * counts: one to an issuer no longer configured binds nothing, so its user signs in with a password.
 */

export interface LinkSettings {
  issuer: string;
  /** The provider's button: "Sign in with {name}". */
  name: string;
  /** ADMIN_USERNAME (else `admin`): keeps the password and the roles whatever the provider says. */
  firstAdministrator: string;
  /** OIDC_ROLE_MAP is set: the claims set a linked user's roles at every sign-in and refresh. */
  managesRoles: boolean;
}

export const isFirstAdministrator = (settings: LinkSettings, username: string | null) =>
  username !== null && username.toLowerCase() === settings.firstAdministrator.toLowerCase();

/** The join of a user's link to the configured issuer (unique per user and issuer: at most one row); none without a provider. */
export const linkJoin = (settings: LinkSettings | undefined): SQL =>
  settings ? and(eq(oidcLinks.userUid, users.uid), eq(oidcLinks.issuer, settings.issuer))! : sql`false`;

export const linkColumns = {
  uid: oidcLinks.uid,
  issuer: oidcLinks.issuer,
  subject: oidcLinks.subject,
  linkedAt: oidcLinks.linkedAt,
  lastSignInAt: oidcLinks.lastSignInAt,
};

export interface LinkRow {
  uid: string;
  issuer: string;
  subject: string;
  linkedAt: Date;
  lastSignInAt: Date | null;
}

/** The users list's `sign_in` filter, on a query that left-joins the link (linkJoin). */
export const signInCondition = (method: SignInMethod): SQL =>
  method === 'oidc' ? sql`${oidcLinks.uid} is not null` : sql`${oidcLinks.uid} is null`;

/** How a user signs in, and their link as the administration shows it. */
export function signInOf(
  settings: LinkSettings | undefined,
  link: LinkRow | null,
  username: string | null,
): { sign_in: SignInMethod; provider_link: ProviderLinkResponse | null } {
  if (!settings || !link) return { sign_in: 'password', provider_link: null };
  return {
    sign_in: 'oidc',
    provider_link: {
      issuer: link.issuer,
      subject: link.subject,
      linked_at: epochSecondsOf(link.linkedAt),
      last_sign_in: link.lastSignInAt ? epochSecondsOf(link.lastSignInAt) : null,
      roles_managed: settings.managesRoles && !isFirstAdministrator(settings, username),
    },
  };
}

/** The user's link to the configured issuer, with their username. */
export async function findLinkOf(db: Db, settings: LinkSettings | undefined, uid: string) {
  if (!settings) return undefined;
  const [row] = await db
    .select({ link: linkColumns, username: passwordAuthentications.username })
    .from(oidcLinks)
    .leftJoin(passwordAuthentications, eq(passwordAuthentications.userUid, oidcLinks.userUid))
    .where(and(eq(oidcLinks.userUid, uid), eq(oidcLinks.issuer, settings.issuer)));
  return row;
}

/** Whether the provider sets the user's roles: they are linked, roles are mapped, and they are not the first administrator. */
export async function rolesManagedByProvider(db: Db, settings: LinkSettings | undefined, uid: string) {
  if (!settings?.managesRoles) return false;
  const found = await findLinkOf(db, settings, uid);
  return found !== undefined && !isFirstAdministrator(settings, found.username);
}
