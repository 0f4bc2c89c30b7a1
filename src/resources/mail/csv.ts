import { type CsvColumn, isoSeconds } from '../../common/export/csv';
import type { AccountRecord, ProviderRecord } from '../../dataProviders/mail/records';
import type {
  asDeliveredEntry,
  asFailedEntry,
  asQueueEntry,
  asRetryingEntry,
} from '../../dataProviders/mail/logRecords';
import type { Mail } from '../../dataProviders/mail/wire';
import { securityLabel } from './securityChoices';

const f = (name: string) => `caredesk.mail.fields.${name}`;
const x = (name: string) => `caredesk.mail.export.${name}`;

/** Providers: what the list shows, security by its label. */
export const PROVIDER_CSV_COLUMNS: CsvColumn<ProviderRecord>[] = [
  { header: x('id'), cell: (provider) => provider.uid },
  { header: f('name'), cell: (provider) => provider.name },
  { header: f('host'), cell: (provider) => provider.host },
  { header: f('port'), cell: (provider) => provider.port },
  { header: f('security'), cell: (provider, translate) => translate(securityLabel(provider.security)) },
];

/** Accounts: expression, provider and the username; the service never returns a password, so none is exported. */
export const ACCOUNT_CSV_COLUMNS: CsvColumn<AccountRecord>[] = [
  { header: x('id'), cell: (account) => account.uid },
  { header: f('expression'), cell: (account) => account.expression },
  { header: f('provider'), cell: (account) => account.provider?.name ?? '' },
  { header: f('host'), cell: (account) => account.provider?.host ?? '' },
  { header: f('username'), cell: (account) => account.credentials?.username ?? '' },
];

type QueueEntry = ReturnType<typeof asQueueEntry>;
type DeliveredEntry = ReturnType<typeof asDeliveredEntry>;
type RetryingEntry = ReturnType<typeof asRetryingEntry>;
type FailedEntry = ReturnType<typeof asFailedEntry>;

type MailItem = { reference_uid: string; mail: Mail; requested_time: number };

/** The columns of every mail list: reference, requested time (UTC), sender, every recipient and CC, subject. */
const mailItemColumns = <T extends MailItem>(): CsvColumn<T>[] => [
  { header: f('reference'), cell: (item) => item.reference_uid },
  { header: f('requested'), cell: (item) => isoSeconds(item.requested_time) },
  { header: f('sender'), cell: (item) => item.mail.sender },
  { header: x('to'), cell: (item) => item.mail.to.join('; ') },
  { header: x('cc'), cell: (item) => (item.mail.cc ?? []).join('; ') },
  { header: f('subject'), cell: (item) => item.mail.subject },
];

export const QUEUE_CSV_COLUMNS: CsvColumn<QueueEntry>[] = [
  ...mailItemColumns<QueueEntry>(),
  { header: f('attempt'), cell: (item) => item.attempt },
];

export const DELIVERED_CSV_COLUMNS: CsvColumn<DeliveredEntry>[] = [
  ...mailItemColumns<DeliveredEntry>(),
  { header: f('delivered'), cell: (item) => isoSeconds(item.delivered) },
  {
    header: f('refused'),
    cell: (item) => item.refused.map(({ address, reply }) => `${address} (${reply})`).join('; '),
  },
];

export const RETRY_CSV_COLUMNS: CsvColumn<RetryingEntry>[] = [
  ...mailItemColumns<RetryingEntry>(),
  { header: f('attempt'), cell: (item) => item.attempt },
  { header: f('error_message'), cell: (item) => item.error_message },
  { header: f('next_attempt'), cell: (item) => isoSeconds(item.next_attempt) },
];

export const FAILED_CSV_COLUMNS: CsvColumn<FailedEntry>[] = [
  ...mailItemColumns<FailedEntry>(),
  { header: f('error_message'), cell: (item) => item.error_message },
  { header: f('attempts'), cell: (item) => item.attempts },
];
