import type { RefusedRecipient } from '../db/schema';
import { clip, refusedRecipients, type AttemptReport } from './attempts';

/** How one delivery attempt ended, and what follows from it. */
export type Outcome =
  /** Accepted for at least one recipient; `refused` are those the provider turned down meanwhile. */
  | { kind: 'delivered'; refused: RefusedRecipient[]; report?: AttemptReport }
  | { kind: 'failed'; permanent: boolean; errorMessage: string; report?: AttemptReport }
  /** Shutdown cut the attempt short: the mail goes back to the queue untouched. */
  | { kind: 'interrupted' };

const MAX_ERROR_MESSAGE = 2000;

export const permanentFailure = (errorMessage: string, report?: AttemptReport): Outcome => ({
  kind: 'failed',
  permanent: true,
  errorMessage: clip(errorMessage, MAX_ERROR_MESSAGE),
  report,
});
export const temporaryFailure = (errorMessage: string, report?: AttemptReport): Outcome => ({
  kind: 'failed',
  permanent: false,
  errorMessage: clip(errorMessage, MAX_ERROR_MESSAGE),
  report,
});

/**
 * A 5xx reply is permanent (RFC 5321), except 503 "bad sequence of commands", which says nothing about the mail;
 * everything else (4xx replies, refused or dropped connections, timeouts, TLS trouble) is worth another attempt.
 */
export function failureOf(error: unknown, deadlineSeconds: number): Outcome {
  const { responseCode, code, message } = (error ?? {}) as { responseCode?: number; code?: string; message?: string };
  const permanent =
    typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && responseCode !== 503;
  const refused = refusedRecipients(error ?? {});
  const errorMessage =
    code === 'EABORT'
      ? `The delivery did not finish within ${deadlineSeconds} s.`
      : refused.length > 0
        ? `Every recipient was refused: ${refused.map(({ address, reply }) => `${address}: ${reply}`).join('; ')}`
        : (message ?? String(error));
  return { kind: 'failed', permanent, errorMessage: clip(errorMessage, MAX_ERROR_MESSAGE) };
}

/** Postfix's scheme: the delay doubles per failed attempt, from the minimal to the maximal backoff time. */
export function backoffSeconds(failedAttempts: number, minSeconds: number, maxSeconds: number): number {
  return Math.min(maxSeconds, minSeconds * 2 ** Math.max(0, failedAttempts - 1));
}
