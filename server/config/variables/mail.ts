import { flag, wholeNumber } from '../variable-types';

/** The mail delivery engine (server/mail) and how long delivered mails are kept. */
export const mailVariables = {
  MAIL_CONCURRENCY: wholeNumber({
    default: 16,
    atLeast: 1,
    description:
      'mail deliveries in flight at once per process, and SMTP connections per provider and credentials (also the most mails a crash can send twice); lower it for a provider that limits concurrent connections',
  }),
  MAIL_POLL_INTERVAL_MS: wholeNumber({
    default: 1000,
    description: 'how often an idle delivery worker looks for due mails',
  }),
  MAIL_LEASE_SECONDS: wholeNumber({
    default: 120,
    atLeast: 1,
    description:
      'how long a claimed mail stays reserved for its process (renewed while sending); after a crash it is delivered again once this passes',
  }),
  MAIL_MIN_BACKOFF: wholeNumber({
    default: 300,
    description: 'retry delay in seconds after a temporary failure: doubles from this minimum up to `MAIL_MAX_BACKOFF`',
  }),
  MAIL_MAX_BACKOFF: wholeNumber({
    default: 4000,
    description: 'the longest retry delay in seconds (see `MAIL_MIN_BACKOFF`)',
  }),
  MAIL_MAX_ATTEMPTS: wholeNumber({ default: 10, atLeast: 1, description: 'attempts before a mail fails permanently' }),
  MAIL_SMTP_TIMEOUT_MS: wholeNumber({ default: 30_000, description: 'SMTP connection, greeting and socket timeout' }),
  MAIL_TLS_VERIFY: flag({
    default: true,
    description: '`false` accepts any SMTP server certificate (self-signed test servers)',
  }),
  MAIL_WORKER: flag({
    default: true,
    description: '`false` runs no delivery worker in this process (the API still enqueues)',
  }),
  MAIL_RETENTION_DAYS: wholeNumber({
    default: 90,
    atLeast: 1,
    description:
      'delivered mails are deleted this many days after delivery, cancelled ones this many days after cancelling, with their attempts (at least 1); queued, retrying and failed mails stay',
  }),
};
