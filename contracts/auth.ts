import { Type, type Static } from '@sinclair/typebox';
import { ExactTotal, Page, pagedList, SecondsRange } from './paging';
import { Uid } from './common';
import { OwnSecondFactorState, SECOND_FACTOR_STATES } from './second-factors';
import { closed, nullable, oneOf } from './schema-kit';

/** Request and response schemas of the auth service; their `description`s are also the wording of validation errors. */

const NO_CONTROL_CHARACTERS = '\\u0000-\\u001f\\u007f';
const NO_EDGE_WHITESPACE = '(?!\\s)(?!.*\\s$)';

export const Username = Type.String({
  minLength: 4,
  maxLength: 64,
  // A colon could never be sent in a Basic header, which splits username and password at the first colon.
  pattern: `^${NO_EDGE_WHITESPACE}[^:${NO_CONTROL_CHARACTERS}]+$`,
  description: 'free of colons and control characters, not starting or ending with whitespace',
});

const NOT_COMMON = 'not among the 10,000 most common passwords, compared regardless of case';
const password = (description: string) => Type.String({ minLength: 7, maxLength: 1024, description });
export const Password = password(NOT_COMMON);

const textWithoutEdgeWhitespace = (minLength: number, maxLength: number) =>
  Type.String({
    minLength,
    maxLength,
    pattern: `^${NO_EDGE_WHITESPACE}[^${NO_CONTROL_CHARACTERS}]+$`,
    description: 'free of control characters, not starting or ending with whitespace',
  });

const PublicName = textWithoutEdgeWhitespace(4, 128);
const RoleName = textWithoutEdgeWhitespace(1, 64);
const Roles = Type.Array(RoleName, { maxItems: 32, description: 'duplicates are removed' });
const Uids = Type.Array(Uid, { minItems: 1, maxItems: 1000, description: 'duplicates are removed' });

// --- requests ---

export const UidParams = Type.Object({ uid: Uid }, closed);
export const InfoQuery = Type.Object({ extended: Type.Optional(Type.Boolean({ default: false })) }, closed);
export const OwnPasswordAuthenticationBody = Type.Object({ username: Username, password: Password }, closed);
export const CreateUserBody = Type.Object(
  { username: Username, password: Password, public_name: PublicName, roles: Roles },
  closed,
);
export const DomainUserBody = Type.Object(
  {
    uid: Uid,
    public_name: PublicName,
    roles: Roles,
    banned: Type.Optional(
      Type.Boolean({
        description: 'read-only: accepted when it equals the stored state (ban and unban have their own routes)',
      }),
    ),
    locked: Type.Optional(
      Type.Boolean({ description: 'read-only, ignored: it changes by itself (unlock has its own route)' }),
    ),
    last_sign_in: Type.Optional(nullable(Type.Integer(), { description: 'read-only, ignored' })),
    second_factor: Type.Optional(
      Type.String({ description: 'read-only, ignored: it changes with enrollment and the role policy' }),
    ),
  },
  closed,
);
export const PasswordAuthenticationBody = Type.Object(
  {
    type: Type.Optional(Type.String({ description: 'read-only: accepted when "password", as GET returns the method' })),
    username: Username,
    password: Type.Optional(password(`omitted keeps the current password; ${NOT_COMMON}`)),
  },
  closed,
);
export const UidsBody = Type.Object({ uids: Uids }, closed);
export const RoleParams = Type.Object({ role: RoleName }, closed);

/** How a user signs in: with a Caredesk password, or at the configured OpenID Connect provider (linked to its issuer). */
export const SIGN_IN_METHODS = ['password', 'oidc'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
const SignIn = oneOf(SIGN_IN_METHODS);

const USER_SORT_KEYS = ['public_name', 'username', 'last_sign_in', 'uid'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];
/** The largest `uids` filter (the panel's getMany asks in chunks of it): 20 uids keep `filters` below its 1,024 characters. */
export const MAX_UIDS_FILTER = 20;

/** The paged dialect of the users list (docs/api.md, The paged dialect); without any of its parameters the list answers the whole array. */
export const UserSearch = pagedList({
  sortKeys: USER_SORT_KEYS,
  defaultSortBy: 'public_name',
  query: {
    pattern: '^[^\\u0000]*$',
    description: 'words that must each occur (regardless of case) in the public name, the username, a role or the uid',
  },
  filters: Type.Object(
    {
      role: Type.Optional(nullable(RoleName)),
      banned: Type.Optional(nullable(Type.Boolean())),
      locked: Type.Optional(nullable(Type.Boolean())),
      sign_in: Type.Optional(nullable(SignIn)),
      last_sign_in: Type.Optional(SecondsRange),
      uids: Type.Optional(Type.Array(Uid, { maxItems: MAX_UIDS_FILTER })),
    },
    closed,
  ),
  filtersDescription:
    'a JSON object: {"role"?: role, "banned"?: boolean, "locked"?: boolean, "sign_in"?: "password" | "oidc", "last_sign_in"?: {"from"?: seconds, "to"?: seconds}, "uids"?: [uid, … up to 20]}',
});
export const UserListQuery = Type.Object({ ...UserSearch.querystring.properties, ...ExactTotal }, closed);
export type UserListParameters = Static<typeof UserListQuery>;

export const RolePolicyBody = Type.Object(
  {
    role: Type.Optional(Type.String({ description: 'read-only: accepted when it equals the role in the path' })),
    permissions: Type.Array(Type.String(), { maxItems: 64, description: 'permission names; duplicates are removed' }),
    second_factor_required: Type.Optional(
      Type.Boolean({ description: "whether the role's users must use a second factor; omitted keeps it" }),
    ),
  },
  closed,
);

// --- responses (they also decide what is serialised: nothing outside them can leak) ---

export const TokenPair = Type.Object({
  access_token: Type.String(),
  issued: Type.Integer({ description: 'epoch seconds' }),
  expires: Type.Integer({ description: 'epoch seconds; the access token is refused from then on' }),
  refresh_token: Type.String({ description: 'single use: exchange it for the next pair before it expires' }),
  device_token: Type.Optional(
    Type.String({
      description:
        'at a sign-in: keep it for this username and send it as X-Device-Token with the next sign-ins (docs/api.md, Device tokens)',
    }),
  ),
});

export const DomainUser = Type.Object({
  uid: Type.String(),
  public_name: Type.String(),
  roles: Type.Array(Type.String()),
  banned: Type.Boolean({
    description:
      'a banned user cannot sign in, and their access tokens are refused (ban-users and unban-users change it)',
  }),
  locked: Type.Boolean({
    description: "the user's sign-in is throttled now, from every address or from some (unlock-users ends it)",
  }),
  last_sign_in: nullable(Type.Integer(), {
    description: 'epoch seconds of the last successful sign-in',
  }),
  second_factor: Type.Union(
    SECOND_FACTOR_STATES.map((state) => Type.Literal(state)),
    { description: 'on: a confirmed second factor; required-missing: the roles require one and none is enrolled; off' },
  ),
});

export const ProviderLink = Type.Object(
  {
    issuer: Type.String({ description: "the provider's issuer (OIDC_ISSUER)" }),
    subject: Type.String({ description: "the account's `sub` at the provider" }),
    linked_at: Type.Integer({ description: 'epoch seconds of the first sign-in there, which linked the user' }),
    last_sign_in: nullable(Type.Integer(), { description: 'epoch seconds of the last sign-in through the provider' }),
    roles_managed: Type.Boolean({
      description:
        "whether the provider's claims set the user's roles at every sign-in and refresh (OIDC_ROLE_MAP is set and the user is not " +
        'the first administrator): a change here is refused with 409 `/problems/roles-managed-by-provider`',
    }),
  },
  { description: "the user's link to the configured OpenID Connect provider" },
);

export const PanelUser = Type.Object({
  domain_user: DomainUser,
  authentication_methods: Type.Array(Type.Object({ type: Type.Literal('password'), username: Type.String() })),
  sign_in: oneOf(
    SIGN_IN_METHODS,
    'oidc: linked to the configured OpenID Connect provider, where the user signs in (only the first administrator keeps the ' +
      'password as well); password: with a Caredesk password',
  ),
  provider_link: nullable(ProviderLink, { description: "the user's link to the configured provider, or null" }),
});

export const PanelUserPage = Page(PanelUser);
export const PanelUserList = Type.Array(PanelUser);

export const Info = Type.Object({
  uid: Type.String(),
  public_name: Type.String(),
  roles: Type.Array(Type.String()),
  permissions: Type.Array(Type.String(), {
    description: "what the user's roles grant (every permission with ACCESS_POLICY=open)",
  }),
  authentication: Type.Optional(
    Type.Object(
      {
        username: nullable(Type.String()),
        provider: nullable(Type.String(), {
          description:
            'the name of the OpenID Connect provider (OIDC_NAME) the user is linked to and signs in at, null for a password sign-in',
        }),
        password_refused: Type.Boolean({
          description:
            'the user is linked to the provider and not the first administrator: their password sign-in, re-authentication and ' +
            'own password are refused (/problems/sign-in-with-provider); they confirm their identity at the provider',
        }),
      },
      {
        description:
          'with extended=true: the username of the password authentication (null when there is none), and the provider the user signs in at',
      },
    ),
  ),
  second_factor: OwnSecondFactorState,
});

export const OwnPasswordAuthentication = Type.Object({ uid: Type.String(), username: Type.String() });
export const Revoked = Type.Object({ revoked: Type.Integer({ description: 'number of refresh tokens revoked' }) });
export const Banned = Type.Object({ banned: Type.Array(Type.String()) });
export const Unbanned = Type.Object({ unbanned: Type.Array(Type.String()) });
export const RolePolicy = Type.Object({
  role: Type.String(),
  permissions: Type.Array(Type.String(), { description: 'what the role grants, in the order of the permission list' }),
  second_factor_required: Type.Boolean({ description: "whether the role's users must sign in with a second factor" }),
});

export const Unlocked = Type.Object({ unlocked: Type.Array(Type.String()) });
export const SessionParams = Type.Object({ uid: Uid, family: Uid }, closed);
export const Session = Type.Object({
  family: Type.String({ description: 'the refresh-token family; access tokens carry it as their sid claim' }),
  created: Type.Integer({ description: 'epoch seconds of the sign-in' }),
  last_used: Type.Integer({ description: 'epoch seconds of the last refresh-token exchange (or the sign-in)' }),
  address: nullable(Type.String(), { description: 'the client address of the sign-in' }),
  user_agent: nullable(Type.String(), {
    description: 'the user agent of the sign-in, up to 512 characters',
  }),
});

export type CreateUserInput = Static<typeof CreateUserBody>;
export type DomainUserInput = Static<typeof DomainUserBody>;
export type PasswordAuthenticationInput = Static<typeof PasswordAuthenticationBody>;
export type RolePolicyInput = Static<typeof RolePolicyBody>;
export type RolePolicyResponse = Static<typeof RolePolicy>;
export type DomainUserResponse = Static<typeof DomainUser>;
export type PanelUserResponse = Static<typeof PanelUser>;
export type ProviderLinkResponse = Static<typeof ProviderLink>;
export type TokenPairResponse = Static<typeof TokenPair>;

export const UserStatistics = Type.Object({
  locked_users: Type.Integer({
    description: 'users whose sign-in is blocked now by throttling (the users list shows them as locked)',
  }),
  missing_second_factor: Type.Integer({
    description: 'unbanned users whose roles require a second factor and who have none',
  }),
});
export type UserStatisticsResponse = Static<typeof UserStatistics>;
