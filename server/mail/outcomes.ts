import type { RefusedRecipient } from '../db/schema';
import type { AttemptReport } from './attempts';

/** How one delivery attempt ended, and what follows from it. */
export type Outcome =
  /** Accepted for at least one recipient; `refused` are those the provider turned down meanwhile. */
  | { kind: 'delivered'; refused: RefusedRecipient[]; report?: AttemptReport }
  | { kind: 'failed'; permanent: boolean; errorMessage: string; report?: AttemptReport }
  /** Shutdown cut the attempt short: the mail goes back to the queue untouched. */
  | { kind: 'interrupted' };

const MAX_ERROR_MESSAGE = 2000;
const MAX_REPLY = 500;

/** What nodemailer reports about recipients the server refused at RCPT TO: on a sent mail, or on the error when it refused them all. */
interface RecipientRefusals {
  rejected?: unknown[];
  rejectedErrors?: { recipient?: unknown; response?: unknown; message?: unknown }[];
}

/** The refused recipients with the server's reply to each, in the order the server answered. */
export function refusedRecipients({ rejected = [], rejectedErrors = [] }: RecipientRefusals): RefusedRecipient[] {
  const replies = new Map<string, string>();
  for (const error of rejectedErrors) {
    if (typeof error.recipient !== 'string') continue;
    replies.set(error.recipient, clip(String(error.response ?? error.message ?? ''), MAX_REPLY));
  }
  const addresses = [...new Set([...rejected.filter((address): address is string => typeof address === 'string'), ...replies.keys()])];
  return addresses.map((address) => ({ address, reply: replies.get(address) ?? '' }));
}

export const permanentFailure = (errorMessage: string, report?: AttemptReport): Outcome => ({ kind: 'failed', permanent: true, errorMessage: clip(errorMessage), report });

/**
 * A 5xx reply is permanent (RFC 5321), except 503 "bad sequence of commands", which says nothing about the mail;
 * everything else (4xx replies, refused or dropped connections, timeouts, TLS trouble) is worth another attempt.
 */
export function failureOf(error: unknown, deadlineSeconds: number): Outcome {
  const { responseCode, code, message } = (error ?? {}) as { responseCode?: number; code?: string; message?: string };
  const permanent = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && responseCode !== 503;
  const refused = refusedRecipients((error ?? {}) as RecipientRefusals);
  const errorMessage =
    code === 'EABORT'
      ? `The delivery did not finish within ${deadlineSeconds} s.`
      : refused.length > 0
        ? `Every recipient was refused: ${refused.map(({ address, reply }) => `${address}: ${reply}`).join('; ')}`
        : (message ?? String(error));
  return { kind: 'failed', permanent, errorMessage: clip(errorMessage) };
}

/** Postfix's scheme: the delay doubles per failed attempt, from the minimal to the maximal backoff time. */
export function backoffSeconds(failedAttempts: number, minSeconds: number, maxSeconds: number): number {
  return Math.min(maxSeconds, minSeconds * 2 ** Math.max(0, failedAttempts - 1));
}

function clip(text: string, length = MAX_ERROR_MESSAGE): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}
