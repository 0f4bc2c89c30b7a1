import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    publicName: text('public_name').notNull(),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** Since when the user's roles require a second factor (the grace period counts from it); null while none requires one. */
    secondFactorRequiredSince: timestamp('second_factor_required_since', { withTimezone: true }),
  },
  // the users list's default order (public name regardless of case): its first page reads the index, not every user
  (table) => [index('users_public_name_idx').on(sql`lower(${table.publicName})`, table.publicName, table.uid)],
);

export const passwordAuthentications = pgTable(
  'password_authentications',
  {
    userUid: uuid('user_uid')
      .primaryKey()
      .references(() => users.uid, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('password_authentications_username_key').on(sql`lower(${table.username})`)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userUid: uuid('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    family: uuid('family').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('refresh_tokens_user_idx').on(table.userUid), index('refresh_tokens_family_idx').on(table.family)],
);

/** A session: one refresh-token family, from a sign-in until it is revoked or its last token expires. */
export const sessions = pgTable(
  'sessions',
  {
    family: uuid('family').primaryKey(),
    userUid: uuid('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    address: text('address'),
    userAgent: text('user_agent'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The last time the user proved who they are in this session (sign-in or re-authentication): access tokens' auth_time. */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull().defaultNow(),
    /** A session of a user whose grace period for a required second factor is over: it may only enroll one. */
    enrollmentOnly: boolean('enrollment_only').notNull().default(false),
  },
  (table) => [index('sessions_user_idx').on(table.userUid, table.lastUsedAt)],
);

/**
 * Second factors: an authenticator app (TOTP; pending until its first code confirms it) or a WebAuthn credential (security key
 * or passkey). The TOTP secret is encrypted at rest; a WebAuthn credential keeps only its public key.
 */
export const secondFactors = pgTable(
  'second_factors',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    userUid: uuid('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['totp', 'webauthn'] }).notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** TOTP: the secret, encrypted under a key derived from the master secret with the factor's uid as authenticated data. */
    totpSecret: text('totp_secret'),
    /** TOTP: the time step of the last accepted code; a code of that step or an earlier one is refused. */
    totpLastStep: integer('totp_last_step'),
    /** WebAuthn: the credential id (base64url), its COSE public key (base64url), signature counter and transports. */
    credentialId: text('credential_id'),
    publicKey: text('public_key'),
    signCount: integer('sign_count'),
    transports: text('transports').array(),
  },
  (table) => [
    index('second_factors_user_idx').on(table.userUid),
    uniqueIndex('second_factors_credential_key').on(table.credentialId),
  ],
);

/** Single-use recovery codes: only a keyed hash of each, one set per user (a new set replaces the old one). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userUid: uuid('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('recovery_codes_user_idx').on(table.userUid),
    uniqueIndex('recovery_codes_hash_key').on(table.codeHash),
  ],
);

/**
 * Short-lived, single-use challenges: a sign-in waiting for its second factor (bound to the user and client address), a passkey
 * sign-in or a WebAuthn registration (with its challenge), a sign-in at the OpenID Connect provider between start and callback, and
 * the hand-over of its result to the panel. Only the token's hash is stored.
 */
export const authenticationChallenges = pgTable(
  'authentication_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose', {
      enum: ['second-factor', 'passkey', 'webauthn-registration', 'oidc-flow', 'oidc-handoff'],
    }).notNull(),
    userUid: uuid('user_uid').references(() => users.uid, { onDelete: 'cascade' }),
    address: text('address'),
    userAgent: text('user_agent'),
    /** The WebAuthn challenge to sign; of an `oidc-flow`, `reauthenticate` when the provider was asked to authenticate again. */
    challenge: text('challenge'),
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('authentication_challenges_expires_idx').on(table.expiresAt)],
);

/**
 * Device tokens (OWASP's device cookies): given to a browser at a successful sign-in for that username. A sign-in presenting one
 * skips the username-wide wait and counts its failures here; at the limit the token dies.
 */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userUid: uuid('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Failed sign-ins since its last success; at DEVICE_MAX_FAILURES the token is dead. */
    failures: integer('failures').notNull().default(0),
  },
  (table) => [index('device_tokens_user_idx').on(table.userUid)],
);

/** A user's account at an OpenID Connect provider: the provider's subject is this user from the first sign-in there on. */
export const oidcLinks = pgTable(
  'oidc_links',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    userUid: uuid('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last sign-in through the provider. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('oidc_links_subject_key').on(table.issuer, table.subject),
    uniqueIndex('oidc_links_user_key').on(table.userUid, table.issuer),
  ],
);

/**
 * A sign-in through the provider: the session it started (`family`), or while the panel has yet to take it over or the second step
 * is pending, the challenge that carries it (`pending_hash`, gone with the challenge). The provider's refresh token is kept per
 * session, encrypted like SMTP passwords (the row's uid as authenticated data): each browser's sign-in at the provider has its own.
 * Every refresh of the session refreshes there too; `provider_checked_at` is when the provider last vouched for the account (the
 * sign-in, a refresh), and `provider_sid` the provider's session in its ID token, which a back-channel logout names.
 */
export const oidcSessions = pgTable(
  'oidc_sessions',
  {
    uid: uuid('uid').primaryKey(),
    linkUid: uuid('link_uid')
      .notNull()
      .references(() => oidcLinks.uid, { onDelete: 'cascade' }),
    family: uuid('family')
      .unique()
      .references(() => sessions.family, { onDelete: 'cascade' }),
    pendingHash: text('pending_hash')
      .unique()
      .references(() => authenticationChallenges.tokenHash, { onDelete: 'cascade' }),
    /** The ID token's amr named a second factor: the provider's MFA meets the roles' requirement. */
    secondFactorByProvider: boolean('second_factor_by_provider').notNull(),
    refreshToken: text('refresh_token'),
    providerSid: text('provider_sid'),
    providerCheckedAt: timestamp('provider_checked_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('oidc_sessions_link_idx').on(table.linkUid),
    index('oidc_sessions_provider_sid_idx').on(table.providerSid),
  ],
);

/** The `jti` of each back-channel logout token taken, until it expires: a replayed one is refused. */
export const oidcLogoutTokens = pgTable(
  'oidc_logout_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('oidc_logout_tokens_expires_idx').on(table.expiresAt)],
);
