/**
 * Wire types of the mail log (GET /administration/mails/ and …/{reference_uid}/; /work contract of issue 13).
 * Timestamps are epoch seconds. The mail's recipients may come as `to` (the spec's mail) or `recipients`.
 */

export const MAIL_STATES = ['queued', 'retrying', 'delivered', 'failed', 'cancelled'] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const isMailState = (value: unknown): value is MailState => MAIL_STATES.includes(value as MailState);

/** The states a mail can still be cancelled in (POST …/cancel/ answers 409 /problems/not-cancellable otherwise). */
export const CANCELLABLE_STATES: readonly MailState[] = ['queued', 'retrying'];

export interface LogMail {
  sender: string;
  to?: string[];
  recipients?: string[];
  cc?: string[];
  subject: string;
  /** Only in the detail. */
  message?: string;
}

export interface RefusedAddress {
  address: string;
  reply: string;
}

/** One row of the mail log. completed_time, next_attempt and refused are read when the service sends them. */
export interface MailLogItem {
  reference_uid: string;
  state: MailState;
  mail: LogMail;
  requested_time: number;
  attempts: number;
  message_id: string | null;
  last_error: string | null;
  completed_time?: number | null;
  next_attempt?: number | null;
  refused?: RefusedAddress[];
}

export interface AttemptRecipient {
  address: string;
  accepted: boolean;
  reply: string | null;
}

export interface MailAttempt {
  time: number;
  provider: { uid: string; name: string; host: string } | null;
  outcome: 'delivered' | 'retrying' | 'failed';
  reply_code: number | string | null;
  reply_text: string | null;
  recipients: AttemptRecipient[];
}

/** One mail with its body, every attempt and its resend links. */
export interface MailLogDetail {
  reference_uid: string;
  state: MailState;
  mail: LogMail;
  requested_time: number;
  completed_time: number | null;
  message_id: string | null;
  last_error: string | null;
  cancelled: { time: number; by: string } | null;
  resent_from: string | null;
  resent_as: string[];
  attempts: MailAttempt[];
}
