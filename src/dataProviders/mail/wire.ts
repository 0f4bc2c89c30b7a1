import type { Static } from '@sinclair/typebox';
import type {
  Account as AccountSchema,
  Delivered,
  Failed,
  Mail as MailInputSchema,
  Provider as ProviderSchema,
  QueueEntry as QueueEntrySchema,
  Requeued as RequeuedSchema,
  RetriedNow as RetriedNowSchema,
  Retrying,
  Sent as SentSchema,
} from '../../../contracts/mail';

/** Wire types of the mail service, taken from its response schemas (contracts/mail.ts). Timestamps are epoch seconds. */
export type Provider = Static<typeof ProviderSchema>;
export type MailSecurity = Provider['security'];
export type Account = Static<typeof AccountSchema>;
export type QueueEntry = Static<typeof QueueEntrySchema>;
export type Mail = QueueEntry['mail'];
export type DeliveredEntry = Static<typeof Delivered>;
/** A recipient the provider refused while it accepted the mail for the others, with its reply ("550 5.1.1 No such user"). */
export type RefusedRecipient = DeliveredEntry['refused'][number];
export type RetryingEntry = Static<typeof Retrying>;
export type FailedEntry = Static<typeof Failed>;
/** What POST /send/ takes; `cc` may be left out. */
export type SendMailInput = Static<typeof MailInputSchema>;
export type Sent = Static<typeof SentSchema>;
export type Requeued = Static<typeof RequeuedSchema>;
export type RetriedNow = Static<typeof RetriedNowSchema>;
