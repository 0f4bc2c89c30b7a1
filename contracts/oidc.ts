import { Type, type Static } from '@sinclair/typebox';
import { closed } from './schema-kit';

/** The sign-in through the agency's OpenID Connect provider (docs/api.md, Sign-in through the provider). */

/** GET /api/auth/oidc/: what the login page shows of the provider. */
export const ProviderInfo = Type.Object({
  enabled: Type.Boolean({ description: 'whether a provider is configured (OIDC_ISSUER)' }),
  name: Type.Union([Type.String(), Type.Null()], {
    description: 'the words of the button, "Sign in with {name}" (OIDC_NAME); null when no provider is configured',
  }),
  reachable: Type.Boolean({
    description:
      "whether the provider's discovery document has been read; while not, the provider is asked again at most every 30 seconds",
  }),
});
export type ProviderInfoResponse = Static<typeof ProviderInfo>;

/** GET /api/auth/oidc/start/. */
export const StartQuery = Type.Object(
  {
    reauthenticate: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'ask the provider to authenticate the user again although their session there is alive (`prompt=login`, `max_age=0`); ' +
          "the callback accepts only an ID token whose `auth_time` is after this start: the new session's authentication is recent",
      }),
    ),
  },
  closed,
);

/**
 * Why a sign-in through the provider ended on the login page without a session, as `/login?oidc_error=<refusal>`:
 * - `not-configured`: no provider is configured;
 * - `unreachable`: the provider could not be reached (password sign-in still works);
 * - `invalid-state`: the callback belongs to no sign-in started in this browser in the last 10 minutes (expired, replayed, foreign);
 * - `provider-refused`: the provider answered with an error instead of a code (the user cancelled, or was refused there);
 * - `invalid-response`: the code or the ID token was refused (signature, issuer, audience, nonce, expiry, subject);
 * - `no-account`: no Caredesk user is linked or linkable, and none may be created;
 * - `no-role`: users may be created, but the claims map to no role;
 * - `banned`: the user is banned in Caredesk;
 * - `failed`: anything else (the server's log says what).
 */
export const PROVIDER_REFUSALS = [
  'not-configured',
  'unreachable',
  'invalid-state',
  'provider-refused',
  'invalid-response',
  'no-account',
  'no-role',
  'banned',
  'failed',
] as const;
export type ProviderRefusal = (typeof PROVIDER_REFUSALS)[number];

/** The login page's query parameters after the callback: continue with POST /api/auth/oidc/session/, or say why not. */
export const PROVIDER_SIGN_IN_CONTINUES = { oidc: 'continue' } as const;
export const PROVIDER_REFUSAL_PARAMETER = 'oidc_error';

/** The authorization response (RFC 6749, 4.1.2 and 4.1.2.1; RFC 9207's `iss`); providers add parameters of their own. */
export const CallbackQuery = Type.Object(
  {
    code: Type.Optional(Type.String()),
    state: Type.Optional(Type.String()),
    iss: Type.Optional(Type.String()),
    error: Type.Optional(Type.String()),
    error_description: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

/** POST /api/auth/oidc/backchannel-logout/ (OpenID Connect Back-Channel Logout 1.0, 2.5), a form the provider posts. */
export const BackchannelLogoutBody = Type.Object(
  {
    logout_token: Type.String({
      minLength: 1,
      maxLength: 16_384,
      description:
        "the logout token: a JWT the provider signed, naming the user's subject (`sub`) or session there (`sid`)",
    }),
  },
  { additionalProperties: true },
);
