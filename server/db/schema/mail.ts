import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

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
    refused: jsonb('refused')
      .$type<RefusedRecipient[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
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
    index('mails_resent_from_idx')
      .on(table.resentFrom)
      .where(sql`${table.resentFrom} is not null`),
    // The mail log's sort keys and state filter, DESC NULLS LAST like mails_requested_idx: the log orders `desc nulls last` or (scanning
    // backwards) `asc nulls first`. The subject (up to 998 characters) is ordered by its indexed prefix first.
    index('mails_state_requested_idx').on(table.state.desc(), table.requestedAt.desc(), table.referenceUid.desc()),
    index('mails_sender_idx').on(table.sender.desc(), table.referenceUid.desc()),
    index('mails_subject_prefix_idx').on(sql`left(${table.subject}, 64) desc nulls last`),
    index('mails_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.state} in ('queued', 'retrying')`),
    index('mails_queued_idx')
      .on(table.requestedAt.desc())
      .where(sql`${table.state} = 'queued'`),
    index('mails_retrying_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.state} = 'retrying'`),
    index('mails_delivered_idx')
      .on(table.completedAt.desc())
      .where(sql`${table.state} = 'delivered'`),
    index('mails_failed_idx')
      .on(table.completedAt.desc())
      .where(sql`${table.state} = 'failed'`),
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
    index('mail_search_trgm_idx')
      .using('gin', table.searchText.op('gin_trgm_ops'))
      .with({ fastupdate: true, gin_pending_list_limit: 256 }),
    index('mail_search_tokens_idx')
      .using('gin', table.searchTokens)
      .with({ fastupdate: true, gin_pending_list_limit: 256 }),
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
    recipients: jsonb('recipients')
      .$type<AttemptRecipient[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (table) => [
    check('mail_attempts_outcome_check', sql`${table.outcome} in ('delivered', 'retrying', 'failed')`),
    index('mail_attempts_mail_idx').on(table.mailUid, table.attemptedAt),
  ],
);
