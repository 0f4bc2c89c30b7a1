import type { Static } from '@sinclair/typebox';
import type { MailLogDetail as MailLogDetailSchema, MailLogItem as MailLogItemSchema } from '../../../contracts/mail';

/**
 * Wire types of the mail log (GET /administration/mails/ and …/{reference_uid}/).
 * Timestamps are epoch seconds.
 */

export const MAIL_STATES = ['queued', 'retrying', 'delivered', 'failed', 'cancelled'] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const isMailState = (value: unknown): value is MailState => MAIL_STATES.includes(value as MailState);

/** The states a mail can still be cancelled in (POST …/cancel/ answers 409 /problems/not-cancellable otherwise). */
export const CANCELLABLE_STATES: readonly MailState[] = ['queued', 'retrying'];

/** The mail of a log item or detail; the panel also reads `recipients` for `to`, the contract's first draft. */
export type LogMail = Partial<Static<typeof MailLogDetailSchema>['mail']> & {
  sender: string;
  subject: string;
  recipients?: string[];
};

export interface RefusedAddress {
  address: string;
  reply: string;
}

/** One row of the mail log (contracts/mail.ts MailLogItem); completed_time, next_attempt and refused serve the spec lists' columns. */
export type MailLogItem = Omit<Static<typeof MailLogItemSchema>, 'mail'> & { mail: LogMail };

/** One mail with its body, every attempt and its resend links (MailLogDetail). */
export type MailLogDetail = Omit<Static<typeof MailLogDetailSchema>, 'mail'> & { mail: LogMail };
export type MailAttempt = MailLogDetail['attempts'][number];
export type AttemptRecipient = MailAttempt['recipients'][number];
