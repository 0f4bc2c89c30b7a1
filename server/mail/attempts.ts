import type { AttemptRecipient, RefusedRecipient } from '../db/schema';

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
/** A refused recipient's reply, kept with the mail (`refused`) as well. */
const MAX_REFUSAL_REPLY = 500;
/** `text`, cut to at most `length` characters (an ellipsis marks the cut); outcomes.ts clips its error messages with it too. */
export const clip = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** nodemailer's SentMessageInfo, as far as the log reads it. */
interface SentInfo extends RecipientRefusals {
  response?: unknown;
  accepted?: unknown[];
}

/** nodemailer's error, as far as the log reads it. */
interface SendError extends RecipientRefusals {
  responseCode?: unknown;
  response?: unknown;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

const replyCodeOf = (reply: string | null) => (reply && /^\d{3}/.test(reply) ? Number(reply.slice(0, 3)) : null);

/**
 * A delivered attempt: the reply to DATA, the accepted recipients (nodemailer keeps no RCPT reply of an accepted recipient, so each
 * carries the DATA reply that covers it) and the refused ones with their RCPT replies.
 */
export function deliveredReport(startedAt: Date, provider: AttemptReport['provider'], sent: SentInfo): AttemptReport {
  const reply = typeof sent.response === 'string' ? clip(sent.response, MAX_REPLY) : null;
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
  const reply = typeof response === 'string' ? clip(response, MAX_REPLY) : null;
  return {
    startedAt,
    provider,
    replyCode: typeof responseCode === 'number' ? responseCode : replyCodeOf(reply),
    replyText: reply,
    recipients: error ? refusedOf(error) : [],
  };
}

const refusedOf = (refusals: SentInfo | SendError): AttemptRecipient[] =>
  refusedRecipients(refusals).map(({ address, reply }) => ({ address, accepted: false, reply }));

/** What nodemailer reports about recipients the server refused at RCPT TO: on a sent mail, or on the error when it refused them all. */
export interface RecipientRefusals {
  rejected?: unknown[];
  rejectedErrors?: { recipient?: unknown; response?: unknown; message?: unknown }[];
}

/** The refused recipients with the server's reply to each, in the order the server answered. */
export function refusedRecipients({ rejected = [], rejectedErrors = [] }: RecipientRefusals): RefusedRecipient[] {
  const replies = new Map<string, string>();
  for (const error of rejectedErrors) {
    if (typeof error.recipient !== 'string') continue;
    replies.set(error.recipient, clip(textOf(error.response) ?? textOf(error.message) ?? '', MAX_REFUSAL_REPLY));
  }
  const addresses = [
    ...new Set([...rejected.filter((address): address is string => typeof address === 'string'), ...replies.keys()]),
  ];
  return addresses.map((address) => ({ address, reply: replies.get(address) ?? '' }));
}
