import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, bigserial, boolean, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** The one schema of every service. Each service owns the tables under its heading. */

// --- auth ---

export const users = pgTable(
  'users',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    publicName: text('public_name').notNull(),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  // the users list's default order (public name regardless of case): its first page reads the index, not every user
  (table) => [index('users_public_name_idx').on(sql`lower(${table.publicName})`, table.publicName, table.uid)],
);

/** The role policy: which permissions (server/shared/permissions.ts) each role grants. A role without a row grants none. */
export const rolePermissions = pgTable('role_permissions', {
  role: text('role').primaryKey(),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
});

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
  },
  (table) => [index('sessions_user_idx').on(table.userUid, table.lastUsedAt)],
);

/**
 * Sign-in and API-token throttling, one row per key (for example `user+address:<username> <address>`, `address:<address>`,
 * `user:<username>`, `api-token:<address>`): failures counted since window_start, and until when the key is blocked.
 */
export const throttleCounters = pgTable(
  'throttle_counters',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (table) => [index('throttle_counters_last_failure_idx').on(table.lastFailureAt)],
);

// --- mail ---

export const mailProviders = pgTable('mail_providers', {
  uid: uuid('uid').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  security: text('security').$type<'none' | 'starttls' | 'ssl/tls'>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set while the provider is disabled: kept, but no account delivers through it. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

export const mailAccounts = pgTable('mail_accounts', {
  uid: uuid('uid').primaryKey().defaultRandom(),
  /** Matching order: the first account (by creation) whose expression matches a sender delivers its mail. */
  position: bigserial('position', { mode: 'number' }).notNull().unique(),
  expression: text('expression').notNull(),
  providerUid: uuid('provider_uid')
    .notNull()
    .references(() => mailProviders.uid),
  username: text('username'),
  /** AES-256-GCM, see server/mail/credentials.ts; null exactly when username is null. */
  encryptedPassword: text('encrypted_password'),
  /** Set while the account is disabled: kept, but skipped when a sender's account is chosen. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

export interface RefusedRecipient {
  address: string;
  reply: string;
}

export type MailState = 'queued' | 'retrying' | 'delivered' | 'failed' | 'cancelled';

/**
 * Every mail, in whatever state. queued: waiting or in flight (lease_until set); retrying: failed temporarily, due at next_attempt_at;
 * delivered and failed (permanently): completed_at set; cancelled (from queued or retrying, by a person): cancelled_at and
 * cancelled_by set. Each delivery attempt is a row of mail_attempts.
 */
export const mails = pgTable(
  'mails',
  {
    referenceUid: uuid('reference_uid').primaryKey().defaultRandom(),
    sender: text('sender').notNull(),
    recipients: text('recipients').array().notNull(),
    cc: text('cc').array().notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    state: text('state').$type<MailState>().notNull().default('queued'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    leaseOwner: uuid('lease_owner'),
    errorMessage: text('error_message'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Delivered mails: the recipients the provider refused while accepting the others, each with its reply. */
    refused: jsonb('refused').$type<RefusedRecipient[]>().notNull().default(sql`'[]'::jsonb`),
    /** The Message-ID header of the delivered mail (set by the delivery that sent it). */
    messageId: text('message_id'),
    /** The mail this one resends (POST …/resend/); the original lists its resends by this column. */
    resentFrom: uuid('resent_from').references((): AnyPgColumn => mails.referenceUid, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The username of who cancelled the mail. */
    cancelledBy: text('cancelled_by'),
  },
  (table) => [
    check('mails_state_check', sql`${table.state} in ('queued', 'retrying', 'delivered', 'failed', 'cancelled')`),
    index('mails_requested_idx').on(table.requestedAt.desc(), table.referenceUid.desc()),
    index('mails_resent_from_idx').on(table.resentFrom).where(sql`${table.resentFrom} is not null`),
    // The mail log's sort keys and state filter, DESC NULLS LAST like mails_requested_idx: the log orders `desc nulls last` or (scanning
    // backwards) `asc nulls first`. The subject (up to 998 characters) is ordered by its indexed prefix first.
    index('mails_state_requested_idx').on(table.state.desc(), table.requestedAt.desc(), table.referenceUid.desc()),
    index('mails_sender_idx').on(table.sender.desc(), table.referenceUid.desc()),
    index('mails_subject_prefix_idx').on(sql`left(${table.subject}, 64) desc nulls last`),
    index('mails_due_idx').on(table.nextAttemptAt).where(sql`${table.state} in ('queued', 'retrying')`),
    index('mails_queued_idx').on(table.requestedAt.desc()).where(sql`${table.state} = 'queued'`),
    index('mails_retrying_idx').on(table.nextAttemptAt).where(sql`${table.state} = 'retrying'`),
    index('mails_delivered_idx').on(table.completedAt.desc()).where(sql`${table.state} = 'delivered'`),
    index('mails_failed_idx').on(table.completedAt.desc()).where(sql`${table.state} = 'failed'`),
  ],
);

/**
 * What the mail log's search matches, written once when a mail is queued (server/mail/queue.ts). Kept off `mails`: every delivery
 * changes a mail's row twice, and each such (non-HOT) update would add all its trigrams and tokens to the two GIN indexes again, which
 * cost the database more than the rest of the delivery.
 */
export const mailSearch = pgTable(
  'mail_search',
  {
    mailUid: uuid('mail_uid')
      .primaryKey()
      .references(() => mails.referenceUid, { onDelete: 'cascade' }),
    /** Lower-case sender, recipients (to and cc), subject and Message-ID, one a line: what a substring search matches. */
    searchText: text('search_text').notNull(),
    /**
     * Lower-case, what the search looks up whole: the sender, each recipient (to and cc) and the Message-ID without its angle brackets
     * as whole addresses, and every word (run of a-z and 0-9) of search_text. Its GIN index finds a whole address, or narrows a
     * substring search by the words the query holds whole, without reading the trigram posting lists that every address shares.
     */
    searchTokens: text('search_tokens').array().notNull(),
  },
  (table) => [
    // A small pending list: queueing appends there, and a search reads at most 256 kB of it; the inserting statement (or VACUUM)
    // merges it into the tree once it is full.
    index('mail_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')).with({ fastupdate: true, gin_pending_list_limit: 256 }),
    index('mail_search_tokens_idx').using('gin', table.searchTokens).with({ fastupdate: true, gin_pending_list_limit: 256 }),
  ],
);

export type AttemptOutcome = 'delivered' | 'retrying' | 'failed';

/** One recipient's fate in one attempt: accepted at RCPT TO, or refused with the server's reply. */
export interface AttemptRecipient {
  address: string;
  accepted: boolean;
  reply: string;
}

/** Every delivery attempt of a mail: when, through which provider (as it was then), the outcome and the SMTP replies. */
export const mailAttempts = pgTable(
  'mail_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mailUid: uuid('mail_uid')
      .notNull()
      .references(() => mails.referenceUid, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    /** No foreign key: a provider may be deleted while its attempts stay in the log. Null when no account routed the mail. */
    providerUid: uuid('provider_uid'),
    providerName: text('provider_name'),
    providerHost: text('provider_host'),
    outcome: text('outcome').$type<AttemptOutcome>().notNull(),
    /** The SMTP reply code and text of the attempt's final reply (the reply to DATA, or the error's), when there was one. */
    replyCode: integer('reply_code'),
    replyText: text('reply_text'),
    recipients: jsonb('recipients').$type<AttemptRecipient[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (table) => [
    check('mail_attempts_outcome_check', sql`${table.outcome} in ('delivered', 'retrying', 'failed')`),
    index('mail_attempts_mail_idx').on(table.mailUid, table.attemptedAt),
  ],
);

// --- files ---

/** Stored files. References live on the row: `references` for the wire, `reference_kinds` and `reference_values` for the search indexes. */
export const files = pgTable(
  'files',
  {
    uid: uuid('uid').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    contentType: text('content_type').notNull(),
    uploaded: timestamp('uploaded', { withTimezone: true }).notNull().defaultNow(),
    size: bigint('size', { mode: 'number' }).notNull(),
    md5Hash: text('md5_hash').notNull(),
    storageKey: text('storage_key').notNull(),
    references: jsonb('references').$type<{ name: string; value: string }[]>().notNull().default(sql`'[]'::jsonb`),
    /** Kinds without their Legacy prefix, for the reference-kind filter. */
    referenceKinds: text('reference_kinds').array().notNull().default(sql`'{}'::text[]`),
    /** Reference values joined by newlines, for the text search. */
    referenceValues: text('reference_values').notNull().default(''),
  },
  (table) => [
    index('files_uploaded_idx').on(table.uploaded, table.uid),
    index('files_name_idx').on(table.name, table.uid),
    index('files_size_idx').on(table.size, table.uid),
    index('files_content_type_idx').on(table.contentType, table.uid),
    // descriptions may be too long for a btree entry; the prefix orders them and the sort finishes ties
    index('files_description_prefix_idx').on(sql`left(${table.description}, 64)`),
    index('files_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('files_description_trgm_idx').using('gin', table.description.op('gin_trgm_ops')),
    index('files_reference_values_trgm_idx').using('gin', table.referenceValues.op('gin_trgm_ops')),
    index('files_reference_kinds_idx').using('gin', table.referenceKinds),
    // the words of name, description and reference values (file_words, migration 0011), for a text query that holds a word boundary
    index('files_search_words_idx')
      .using('gin', sql`array_to_tsvector(file_words(${table.name}, ${table.description}, ${table.referenceValues}))`)
      .with({ fastupdate: false }),
  ],
);

/**
 * Every word that a file's searchable text holds or held (kept by triggers on files, migration 0011): a text query's first and last word
 * may be part of a longer word, which file_search_query looks up here by its end and its start.
 */
export const fileSearchWords = pgTable(
  'file_search_words',
  { word: text('word').notNull() },
  (table) => [
    uniqueIndex('file_search_words_word_key').on(table.word.op('text_pattern_ops')),
    index('file_search_words_reversed_idx').on(sql`reverse(${table.word}) text_pattern_ops`),
  ],
);

// --- API tokens ---

/** API tokens of the file and pricing services; only the sha256 of a token's value is kept. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    scope: text('scope').notNull(),
    service: text('service').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The value's last four characters, so that staff can tell tokens apart; null for tokens made before it was kept. */
    lastFour: text('last_four'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.uid, { onDelete: 'set null' }),
    expires: timestamp('expires', { withTimezone: true }),
    revoked: timestamp('revoked', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.uid, { onDelete: 'set null' }),
  },
  (table) => [uniqueIndex('api_tokens_scope_hash_key').on(table.scope, table.tokenHash), index('api_tokens_scope_created_idx').on(table.scope, table.created)],
);

// --- care requests ---

/**
 * Incoming care requests as the lists show them: nothing in this table identifies a person (the zip code is partial,
 * contact data lives in care_request_contacts). details and patients hold the wire shapes of server/care/schemas.ts.
 */
export const careRequests = pgTable(
  'care_requests',
  {
    uid: uuid('uid').primaryKey().defaultRandom(),
    legacyId: text('legacy_id').unique(),
    formVersion: text('form_version').$type<'2012' | '2016-pre' | '2016'>().notNull(),
    submitted: timestamp('submitted', { withTimezone: true }).notNull(),
    host: text('host').notNull(),
    affiliate: text('affiliate'),
    coreTerritory: boolean('core_territory').notNull(),
    optionalTerritory: boolean('optional_territory').notNull(),
    partialMissionZipCode: text('partial_mission_zip_code'),
    missionBegins: text('mission_begins').$type<'asap' | 'date' | 'other'>().notNull(),
    missionStartDate: date('mission_start_date', { mode: 'string' }),
    driversLicenseRequired: boolean('drivers_license_required').notNull(),
    otherPersonsPresent: boolean('other_persons_present').notNull(),
    numberOfPatients: smallint('number_of_patients').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    patients: jsonb('patients').$type<Record<string, unknown>[]>().notNull(),
    /** Lower-case host, affiliate, partial zip code, legacy id and form version, one a line: what the list search matches. */
    searchText: text('search_text').notNull(),
    /** When the contact data was erased (retention or an erasure request); null while it is kept. */
    contactErasedAt: timestamp('contact_erased_at', { withTimezone: true }),
  },
  (table) => [
    check('care_requests_form_version_check', sql`${table.formVersion} in ('2012', '2016-pre', '2016')`),
    check('care_requests_mission_begins_check', sql`${table.missionBegins} in ('asap', 'date', 'other')`),
    index('care_requests_submitted_idx').on(table.submitted, table.uid),
    // the dashboard's requests per week by territory (server/care/statistics.ts), read without visiting the rows
    index('care_requests_submitted_territory_idx').on(table.submitted, table.coreTerritory, table.optionalTerritory),
    index('care_requests_host_idx').on(table.host, table.uid),
    index('care_requests_affiliate_idx').on(table.affiliate, table.uid),
    index('care_requests_partial_zip_idx').on(table.partialMissionZipCode, table.uid),
    index('care_requests_start_date_idx').on(table.missionStartDate, table.uid),
    index('care_requests_form_version_idx').on(table.formVersion, table.uid),
    index('care_requests_patients_idx').on(table.numberOfPatients, table.uid),
    index('care_requests_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
  ],
);

/** The archived version of an incoming request (same uid). The jsonb columns hold the wire shapes of server/care/schemas.ts. */
export const archivedCareRequests = pgTable('archived_care_requests', {
  uid: uuid('uid')
    .primaryKey()
    .references(() => careRequests.uid, { onDelete: 'cascade' }),
  customerVersion: text('customer_version').$type<'1.0' | '2.0'>().notNull(),
  newsletter: boolean('newsletter'),
  referral: text('referral'),
  contactTitle: text('contact_title').$type<'mr' | 'mrs' | 'family'>(),
  contactPartialZipCode: text('contact_partial_zip_code'),
  missionDetails: jsonb('mission_details').$type<Record<string, unknown>>().notNull(),
  accommodation: jsonb('accommodation').$type<Record<string, unknown>>().notNull(),
  caregiverRequirements: jsonb('caregiver_requirements').$type<Record<string, unknown>>().notNull(),
});

/** Who asked, and the full mission address: personal data that no list or detail route returns. */
export const careRequestContacts = pgTable('care_request_contacts', {
  uid: uuid('uid')
    .primaryKey()
    .references(() => careRequests.uid, { onDelete: 'cascade' }),
  salutation: text('salutation').$type<'mr' | 'mrs' | 'family'>(),
  academicTitle: text('academic_title').$type<'none' | 'dr' | 'prof_dr'>(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  phone: text('phone'),
  email: text('email'),
  notes: text('notes'),
  missionZipCode: text('mission_zip_code'),
  missionCity: text('mission_city'),
  /** How the request reached us: utm_source, utm_medium, utm_campaign, nodelay and the full WWW origin. */
  tracking: jsonb('tracking').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
});

// --- audit ---

/**
 * The audit trail (server/shared/audit.ts): append-only, a trigger refuses UPDATE; rows leave only by retention.
 * changes never holds a password, a token value, an SMTP password or a care customer's personal data.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    time: timestamp('time', { withTimezone: true }).notNull().defaultNow(),
    actorUid: uuid('actor_uid'),
    actorName: text('actor_name'),
    address: text('address'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    outcome: text('outcome').$type<'success' | 'failure' | 'refused'>().notNull().default('success'),
    /** Lower-case actor name, target label and action: what the list's text query matches. */
    searchText: text('search_text').notNull().default(''),
  },
  (table) => [
    index('audit_events_time_idx').on(table.time, table.id),
    index('audit_events_action_idx').on(table.action, table.time),
    index('audit_events_actor_idx').on(table.actorUid, table.time),
    index('audit_events_target_idx').on(table.targetType, table.targetId),
    index('audit_events_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
  ],
);

// --- shared ---

/**
 * Counts kept by the writers of the rows they count (server/shared/kept-counts.ts): `files` and `files:kind:<Kind>` per
 * reference kind, `care-requests` and `care-requests:archived`. They let the unfiltered list totals skip a count.
 */
export const keptCounts = pgTable('kept_counts', {
  key: text('key').primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull(),
});
