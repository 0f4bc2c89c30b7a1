import type { OidcConfig } from '../../config';

/** What Caredesk reads from the provider's claims (the ID token's, completed from userinfo): who it is, their roles, their MFA. */

export type Claims = Record<string, unknown>;

/** `amr` values (RFC 8176) that say the provider proved more than a password: they meet a role's second-factor requirement. */
const MULTI_FACTOR_AMR = new Set(['mfa', 'otp', 'hwk', 'swk', 'fido', 'pop']);

const LONGEST_PUBLIC_NAME = 128;

export interface ProviderIdentity {
  issuer: string;
  subject: string;
  /** `email` when `email_verified` is true. */
  verifiedEmail?: string;
  preferredUsername?: string;
  /** The public name a user created from these claims gets. */
  publicName: string;
  /** The roles the roles claim maps to; undefined when the provider manages no roles (OIDC_ROLE_MAP empty). */
  roles?: string[];
  /** The provider proved a second factor (amr). */
  multiFactor: boolean;
}

/** Longer identifiers are not stored: no provider's session id comes near it. */
const LONGEST_SID = 255;

/** The `sid` claim (OpenID Connect Back-Channel Logout 1.0): the provider's session, which its logout token names. */
export const sidOf = (claims: Claims) =>
  typeof claims.sid === 'string' && claims.sid !== '' && claims.sid.length <= LONGEST_SID ? claims.sid : undefined;

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** A claim by its name, or when no claim has the whole name, by its dotted path into objects (`realm_access.roles`). */
export function claimAt(claims: Claims, name: string): unknown {
  if (Object.hasOwn(claims, name)) return claims[name];
  let value: unknown = claims;
  for (const part of name.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, part)) return undefined;
    value = (value as Claims)[part];
  }
  return value;
}

/** The roles a claim's values map to, each once, in the order of the values. */
export function mappedRoles(roleMap: OidcConfig['roleMap'], value: unknown): string[] {
  const values =
    typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v) => typeof v === 'string') : [];
  return [...new Set(values.flatMap((claimValue) => roleMap.get(claimValue) ?? []))];
}

/** Whether the ID token lacks what userinfo may give: the email, or the roles claim while roles are mapped. */
export const needsUserinfo = (settings: OidcConfig, claims: Claims) =>
  claims.email === undefined || (settings.roleMap.size > 0 && claimAt(claims, settings.rolesClaim) === undefined);

export function identityOf(settings: OidcConfig, claims: Claims & { iss: string; sub: string }): ProviderIdentity {
  const email = text(claims.email);
  const preferredUsername = text(claims.preferred_username);
  const fullName = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
  const amr = Array.isArray(claims.amr) ? claims.amr : [];
  return {
    issuer: claims.iss,
    subject: claims.sub,
    verifiedEmail: claims.email_verified === true ? email : undefined,
    preferredUsername,
    publicName: (text(claims.name) ?? (fullName || preferredUsername || email || claims.sub)).slice(
      0,
      LONGEST_PUBLIC_NAME,
    ),
    roles: settings.roleMap.size > 0 ? mappedRoles(settings.roleMap, claimAt(claims, settings.rolesClaim)) : undefined,
    multiFactor: amr.some((method) => typeof method === 'string' && MULTI_FACTOR_AMR.has(method)),
  };
}
