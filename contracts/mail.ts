import { Type, type Static } from '@sinclair/typebox';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email-address';
import { ExactTotal, Page, pagedList, SecondsRange } from './paging';
import { Uid } from './common';
import { TimeZone } from './statistics';
import { closed, nullable } from './schema-kit';

/** Request and response schemas of the mail service (its routes: server/mail/routes.ts); descriptions double as validation wording. */

const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u001f\\u007f]*$';

const EmailAddress = Type.String({
  maxLength: EMAIL_MAX_LENGTH,
  pattern: EMAIL_PATTERN,
  description: 'an e-mail address (local@domain)',
});

const SECURITIES = ['none', 'starttls', 'ssl/tls'] as const;
type SecurityValue = (typeof SECURITIES)[number];
const Security = Type.Unsafe<SecurityValue>(
  Type.String({
    enum: [...SECURITIES],
    pattern: '^(none|starttls|ssl/tls)$',
    description: 'none, starttls or ssl/tls',
  }),
);

// --- mails ---

export const Mail = Type.Object(
  {
    sender: EmailAddress,
    to: Type.Array(EmailAddress, { minItems: 1, maxItems: 100 }),
    cc: Type.Optional(Type.Array(EmailAddress, { maxItems: 100 })),
    subject: Type.String({
      maxLength: 998,
      pattern: NO_CONTROL_CHARACTERS,
      description: 'one line of at most 998 characters',
    }),
    message: Type.String({ maxLength: 500_000 }),
  },
  closed,
);
export type MailInput = Static<typeof Mail>;

const MailOut = Type.Object({
  sender: Type.String(),
  to: Type.Array(Type.String()),
  cc: Type.Array(Type.String()),
  subject: Type.String(),
  message: Type.String(),
});
export type MailOutput = Static<typeof MailOut>;

const epochSeconds = (description: string) => Type.Integer({ description: `${description}, epoch seconds` });

export const Sent = Type.Object({
  reference_uid: Type.String({ description: "the mail's reference uid, the {uid} of the mail log's routes" }),
});

export const QueueEntry = Type.Object({
  reference_uid: Type.String(),
  mail: MailOut,
  requested_time: epochSeconds('when it was enqueued'),
  attempt: Type.Integer({
    description: 'delivery attempts made so far (those the mail log lists, counted across requeues)',
  }),
});
const RefusedOut = Type.Object({ address: Type.String(), reply: Type.String({ description: "the provider's reply" }) });

export const Delivered = Type.Object({
  reference_uid: Type.String(),
  mail: MailOut,
  requested_time: epochSeconds('when it was enqueued'),
  delivered: epochSeconds('when the provider accepted it'),
  refused: Type.Array(RefusedOut, {
    description: 'recipients the provider refused while accepting the others; empty when it accepted every one',
  }),
});
export const Retrying = Type.Object({
  reference_uid: Type.String(),
  mail: MailOut,
  requested_time: epochSeconds('when it was enqueued'),
  attempt: Type.Integer({
    description: 'delivery attempts made so far (those the mail log lists, counted across requeues)',
  }),
  error_message: Type.String(),
  next_attempt: epochSeconds('when it is tried again'),
});
export const Failed = Type.Object({
  reference_uid: Type.String(),
  mail: MailOut,
  requested_time: epochSeconds('when it was enqueued'),
  error_message: Type.String(),
  attempts: Type.Integer({ description: 'delivery attempts made (those the mail log lists, counted across requeues)' }),
});
export type QueueEntryOutput = Static<typeof QueueEntry>;
export type DeliveredOutput = Static<typeof Delivered>;
export type RetryingOutput = Static<typeof Retrying>;
export type FailedOutput = Static<typeof Failed>;

export const ListQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 10_000, default: 1000, description: 'at most this many, 1..10000' }),
    ),
  },
  closed,
);
export const UidsBody = Type.Object({ uids: Type.Array(Uid, { minItems: 1, maxItems: 1000 }) }, closed);
export const Requeued = Type.Object({
  requeued: Type.Array(Type.String(), { description: 'the reference uids queued again' }),
});
export const RetriedNow = Type.Object({
  moved: Type.Integer({
    description: 'how many of the named mails were retrying and are due now; the others were not (any more) retrying',
  }),
});

// --- providers and accounts ---

export const UidParams = Type.Object({ uid: Uid }, closed);

export const ProviderInput = Type.Object(
  {
    /** Read-only: accepted on update when it equals the uid in the path; refused on create. */
    uid: Type.Optional(Uid),
    name: Type.String({
      minLength: 4,
      maxLength: 128,
      pattern: NO_CONTROL_CHARACTERS,
      description: 'free of control characters',
    }),
    host: Type.String({
      minLength: 4,
      maxLength: 253,
      pattern: '^[a-zA-Z0-9.:_-]+$',
      description: 'a host name or IP address',
    }),
    port: Type.Integer({ minimum: 1, maximum: 65535 }),
    security: Security,
    disabled: Type.Optional(
      Type.Boolean({
        description: 'true keeps it but no longer uses it to deliver; left out: unchanged on update, enabled on create',
      }),
    ),
  },
  closed,
);
export type ProviderInputBody = Static<typeof ProviderInput>;

export const Provider = Type.Object({
  uid: Type.String(),
  name: Type.String(),
  host: Type.String(),
  port: Type.Integer(),
  security: Security,
  disabled: Type.Boolean({ description: 'kept, but no account delivers through it' }),
});
export type ProviderOutput = Static<typeof Provider>;

export const Credentials = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 256 }),
    password: Type.Optional(
      Type.String({ minLength: 1, maxLength: 1024, description: 'required whenever the credentials are stored' }),
    ),
  },
  closed,
);
export const AccountInput = Type.Object(
  {
    /** Read-only: accepted on update when it equals the uid in the path; refused on create. */
    uid: Type.Optional(Uid),
    expression: Type.String({
      minLength: 1,
      maxLength: 512,
      description:
        'an RE2 regular expression searched for in the sender address (case-sensitive; ^ and $ anchor it; no backreferences or lookaround)',
    }),
    provider: Type.Object(
      {
        uid: Uid,
        name: Type.Optional(Type.String({ description: "read-only: accepted when it equals the provider's name" })),
        host: Type.Optional(Type.String({ description: "read-only: accepted when it equals the provider's host" })),
        disabled: Type.Optional(
          Type.Boolean({ description: 'read-only: accepted when it equals whether the provider is disabled' }),
        ),
      },
      closed,
    ),
    credentials: nullable(Credentials, {
      description: 'SMTP credentials, or null for none; on update read only when credentials_changed is true',
    }),
    credentials_changed: Type.Optional(
      Type.Boolean({ description: 'on update, false (the default) keeps the stored credentials; ignored on create' }),
    ),
    disabled: Type.Optional(
      Type.Boolean({
        description: 'true keeps it but no longer uses it to deliver; left out: unchanged on update, enabled on create',
      }),
    ),
  },
  closed,
);
export type AccountInputBody = Static<typeof AccountInput>;

export const Account = Type.Object({
  uid: Type.String(),
  expression: Type.String(),
  provider: Type.Object({
    uid: Type.String(),
    name: Type.String(),
    host: Type.String(),
    disabled: Type.Boolean({ description: 'a disabled provider delivers for none of its accounts' }),
  }),
  credentials: nullable(Type.Object({ username: Type.String() }), {
    description: 'the password is never returned',
  }),
  disabled: Type.Boolean({ description: 'kept, but skipped when the account of a sender is chosen' }),
});
export type AccountOutput = Static<typeof Account>;

// --- mail log ---

export const MAIL_STATES = ['queued', 'retrying', 'delivered', 'failed', 'cancelled'] as const;
const MailStateSchema = Type.Unsafe<(typeof MAIL_STATES)[number]>(
  Type.String({ enum: [...MAIL_STATES], pattern: `^(${MAIL_STATES.join('|')})$`, description: MAIL_STATES.join(', ') }),
);

const LOG_SORT_KEYS = ['requested_time', 'state', 'sender', 'subject'] as const;
export type MailLogSortKey = (typeof LOG_SORT_KEYS)[number];

export const MailLogSearch = pagedList({
  sortKeys: LOG_SORT_KEYS,
  defaultSortBy: 'requested_time',
  query: {
    pattern: NO_CONTROL_CHARACTERS,
    description:
      'free of control characters; a whole address (or Message-ID, bare or in angle brackets) matches that sender, recipient (to or cc) or Message-ID exactly; anything else is a substring of sender, any recipient, subject or Message-ID',
  },
  filters: Type.Object(
    {
      state: Type.Optional(Type.Array(MailStateSchema, { maxItems: MAIL_STATES.length, uniqueItems: true })),
      requested: Type.Optional(SecondsRange),
    },
    closed,
  ),
  filtersDescription: `a JSON object: {"state"?: [${MAIL_STATES.join(', ')}], "requested"?: {"from"?: seconds, "to"?: seconds}}`,
});
export const MailLogQuery = Type.Object({ ...MailLogSearch.querystring.properties, ...ExactTotal }, closed);

const MailHeaders = Type.Object({
  sender: Type.String(),
  to: Type.Array(Type.String()),
  cc: Type.Array(Type.String()),
  subject: Type.String(),
});

export const MailLogItem = Type.Object({
  reference_uid: Type.String(),
  state: MailStateSchema,
  mail: MailHeaders,
  requested_time: epochSeconds('when it was enqueued'),
  attempts: Type.Integer({ description: 'delivery attempts made, as the detail lists them (counted across requeues)' }),
  message_id: nullable(Type.String({ description: 'the Message-ID header, angle brackets included' })),
  last_error: nullable(
    Type.String({ description: 'the error of the latest failed attempt, while retrying or failed' }),
  ),
  completed_time: nullable(epochSeconds('when it was delivered or failed permanently')),
  next_attempt: nullable(epochSeconds('when a retrying mail is due again')),
  refused: Type.Array(RefusedOut, {
    description: 'delivered mails: the recipients the provider refused while accepting the others',
  }),
});
export type MailLogItemOutput = Static<typeof MailLogItem>;
export const MailLogPage = Page(MailLogItem);

const AttemptOut = Type.Object({
  time: epochSeconds('when the attempt started'),
  provider: nullable(
    Type.Object(
      { uid: Type.String(), name: Type.String(), host: Type.String() },
      { description: 'as it was at the attempt; null when no account matched' },
    ),
  ),
  outcome: Type.Unsafe<'delivered' | 'retrying' | 'failed'>(Type.String({ enum: ['delivered', 'retrying', 'failed'] })),
  reply_code: nullable(
    Type.Integer({
      description:
        'the SMTP reply code: the reply to DATA when delivered, the failing reply otherwise; null without one (e.g. a refused connection)',
    }),
  ),
  reply_text: nullable(Type.String({ description: 'the whole SMTP reply line' })),
  recipients: Type.Array(Type.Object({ address: Type.String(), accepted: Type.Boolean(), reply: Type.String() }), {
    description:
      'each recipient accepted or refused at RCPT TO with its reply (accepted ones carry the reply to DATA); empty when the attempt ended before RCPT TO or at DATA',
  }),
});

export const MailLogDetail = Type.Object({
  reference_uid: Type.String(),
  state: MailStateSchema,
  mail: MailOut,
  requested_time: epochSeconds('when it was enqueued'),
  completed_time: nullable(epochSeconds('when it was delivered or failed permanently')),
  message_id: nullable(Type.String()),
  last_error: nullable(Type.String()),
  cancelled: nullable(
    Type.Object({
      time: epochSeconds('when it was cancelled'),
      by: Type.String({ description: 'the username of who cancelled it' }),
    }),
  ),
  resent_from: nullable(Type.String({ description: 'the mail this one resends' })),
  resent_as: Type.Array(Type.String(), { description: 'the resends of this mail, oldest first' }),
  attempts: Type.Array(AttemptOut, { description: 'every delivery attempt, oldest first' }),
});
export type MailLogDetailOutput = Static<typeof MailLogDetail>;
// --- statistics ---

export const MailStatistics = Type.Object({
  queued: Type.Integer({ description: 'mails waiting for their first delivery, or being delivered' }),
  retrying: Type.Integer({ description: 'mails waiting for another attempt' }),
  failed: Type.Integer({ description: 'mails that failed permanently (until requeued or removed by retention)' }),
  delivered_today: Type.Integer({ description: 'mails delivered since the start of today in time_zone' }),
  today: Type.String({ description: 'the date of today in time_zone, YYYY-MM-DD' }),
  time_zone: TimeZone,
});
export type MailStatisticsResponse = Static<typeof MailStatistics>;
