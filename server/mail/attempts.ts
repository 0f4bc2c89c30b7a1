import type { AttemptRecipient } from '../db/schema';
import { refusedRecipients } from './outcomes';

/**
 * What one delivery attempt showed, for the mail log (table mail_attempts): when it started, the provider as it was, the SMTP reply and
 * each recipient's verdict. The worker builds it from nodemailer's answer and the marks of server/mail/claims.ts store it with the
 * mail's new state, in the same statement.
 */
export interface AttemptReport {
  startedAt: Date;
  provider: { uid: string; name: string; host: string } | null;
  replyCode: number | null;
  replyText: string | null;
  recipients: AttemptRecipient[];
}

const MAX_REPLY = 2000;
const clip = (text: string) => (text.length > MAX_REPLY ? `${text.slice(0, MAX_REPLY - 1)}…` : text);

/** nodemailer's SentMessageInfo, as far as the log reads it. */
interface SentInfo {
  response?: unknown;
  accepted?: unknown[];
  rejected?: unknown[];
  rejectedErrors?: { recipient?: unknown; response?: unknown; message?: unknown }[];
}

/** nodemailer's error, as far as the log reads it. */
interface SendError {
  responseCode?: unknown;
  response?: unknown;
  rejected?: unknown[];
  rejectedErrors?: { recipient?: unknown; response?: unknown; message?: unknown }[];
}

const replyCodeOf = (reply: string | null) => (reply && /^\d{3}/.test(reply) ? Number(reply.slice(0, 3)) : null);

/**
 * A delivered attempt: the reply to DATA, the accepted recipients (nodemailer keeps no RCPT reply of an accepted recipient, so each
 * carries the DATA reply that covers it) and the refused ones with their RCPT replies.
 */
export function deliveredReport(startedAt: Date, provider: AttemptReport['provider'], sent: SentInfo): AttemptReport {
  const reply = typeof sent.response === 'string' ? clip(sent.response) : null;
  const accepted = (sent.accepted ?? []).filter((address): address is string => typeof address === 'string');
  return {
    startedAt,
    provider,
    replyCode: replyCodeOf(reply),
    replyText: reply,
    recipients: [...accepted.map((address) => ({ address, accepted: true, reply: reply ?? '' })), ...refusedOf(sent)],
  };
}

/** A failed attempt: the failing reply, if the server gave one, and the recipients it refused at RCPT TO; `error` undefined when nothing was sent. */
export function failedReport(startedAt: Date, provider: AttemptReport['provider'], error?: unknown): AttemptReport {
  const { responseCode, response } = (error ?? {}) as SendError;
  const reply = typeof response === 'string' ? clip(response) : null;
  return {
    startedAt,
    provider,
    replyCode: typeof responseCode === 'number' ? responseCode : replyCodeOf(reply),
    replyText: reply,
    recipients: error ? refusedOf(error as SendError) : [],
  };
}

const refusedOf = (refusals: SentInfo | SendError): AttemptRecipient[] =>
  refusedRecipients(refusals).map(({ address, reply }) => ({ address, accepted: false, reply }));
