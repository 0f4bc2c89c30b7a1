import { FormatRegistry, Type } from '@sinclair/typebox';
import { commaList, flag, text } from '../variable-types';

/** Loopback hosts, where a provider may answer over plain http (a local provider, the tests'). */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** An issuer identifier (OpenID Connect Discovery 1.0, 2): https, no query or fragment; http only on a loopback address. */
function isIssuer(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.search || url.hash || url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOST.test(url.hostname));
}

FormatRegistry.Set('oidc-issuer', isIssuer);

/** `claim-value=role`: the value may itself hold `=` (an LDAP name), the role after the last one may not. */
const ROLE_MAPPING = '^\\s*[^\\s].*=\\s*[^=\\s][^=]*$';

/** Sign-in with the agency's own accounts at an OpenID Connect provider (server/auth/oidc/); none without OIDC_ISSUER. */
export const oidcVariables = {
  OIDC_ISSUER: Type.Optional(
    text({
      format: 'oidc-issuer',
      must: 'be the https URL of an OpenID Connect issuer, without query or fragment (http:// only for a loopback address such as http://127.0.0.1:8081)',
      description:
        "the issuer of the agency's OpenID Connect provider (Microsoft Entra ID: `https://login.microsoftonline.com/<tenant>/v2.0`, Google: `https://accounts.google.com`, Keycloak: `https://<host>/realms/<realm>`): staff then also sign in there, with the redirect URI `{PANEL_URL}/api/auth/oidc/callback/`. Without it nothing of the provider exists. `http://` only for loopback addresses. An unreachable provider does not stop the start; it is tried again when someone asks for it",
    }),
  ),
  OIDC_CLIENT_ID: Type.Optional(
    text({
      minLength: 1,
      description: 'the client ID Caredesk has at the provider; needed with `OIDC_ISSUER`',
    }),
  ),
  OIDC_CLIENT_SECRET: Type.Optional(
    text({
      minLength: 1,
      secret: true,
      description:
        'the client secret Caredesk has at the provider (sent with `client_secret_post`); without it Caredesk is a public client and proves the code with PKCE only',
    }),
  ),
  // its default names the issuer (load-config.ts)
  OIDC_NAME: Type.Optional(
    text({
      minLength: 1,
      maxLength: 64,
      shownDefault: "the issuer's host name",
      description: 'the words of the login page\'s "Sign in with …" button, e.g. `Microsoft`',
    }),
  ),
  OIDC_SCOPES: text({
    default: 'openid profile email offline_access',
    pattern: '(^|\\s)openid(\\s|$)',
    must: 'be a list of scopes separated by spaces that holds openid',
    description:
      "the scopes asked for, separated by spaces; `openid` among them. `offline_access` gets the provider's refresh token, with which every refresh of a session asks the provider whether the account still works there; without one a session from the provider lasts 15 minutes",
  }),
  OIDC_ROLES_CLAIM: text({
    default: 'groups',
    minLength: 1,
    description:
      'the claim whose values `OIDC_ROLE_MAP` maps to roles (a string or a list of strings; a dotted path such as `realm_access.roles` reaches into an object when no claim has the whole name). Read from the ID token, or from the userinfo endpoint when the ID token lacks it',
  }),
  OIDC_ROLE_MAP: commaList(text({ pattern: ROLE_MAPPING, description: 'a claim value and a role' }), {
    default: [],
    must: 'be a comma list of claim-value=role pairs such as caredesk-admins=administrator,dispatch=dispatcher',
    description:
      "comma list of `claim-value=role` pairs (`caredesk-admins=administrator,dispatch=dispatcher`; a value may map to several roles, one pair each): a user's roles are those their values of `OIDC_ROLES_CLAIM` map to, set anew at every sign-in through the provider and every refresh of its sessions (the provider is the source of truth), except the first administrator's (`ADMIN_USERNAME`). Empty: the provider manages no roles, and users are only linked (see [Sign-in through the provider](api.md#sign-in-through-the-provider))",
  }),
  OIDC_CREATE_USERS: flag({
    default: false,
    description:
      '`true`: a first sign-in through the provider that links to no user creates one, when the claims map to at least one role; `false`: it is refused. Needs `OIDC_ROLE_MAP`',
  }),
};
