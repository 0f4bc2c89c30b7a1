import type { RaRecord } from 'react-admin';
import type { LogMail, MailLogDetail, MailLogItem } from './logWire';
import type { Mail } from './wire';

/** The mail as the panel shows it: `to` whichever way the service named it, cc and message always present. */
export function toPanelMail(mail: LogMail | null | undefined): Mail {
  return {
    sender: mail?.sender ?? '',
    to: mail?.to ?? mail?.recipients ?? [],
    cc: mail?.cc ?? [],
    subject: mail?.subject ?? '',
    message: mail?.message ?? '',
  };
}

/** A mail log row: the item with `id` (reference_uid), the panel's mail and its fields copied up for the columns. */
export interface MailLogRecord extends Omit<MailLogItem, 'mail'>, RaRecord<string> {
  id: string;
  mail: Mail;
  sender: string;
  subject: string;
  recipients: string;
}

export function toMailLogRecord(item: MailLogItem): MailLogRecord {
  const mail = toPanelMail(item.mail);
  return {
    ...item,
    id: item.reference_uid,
    mail,
    sender: mail.sender,
    subject: mail.subject,
    recipients: [...mail.to, ...mail.cc].join(' '),
    message_id: item.message_id ?? null,
    last_error: item.last_error ?? null,
  };
}

export interface MailDetailRecord extends Omit<MailLogDetail, 'mail'>, RaRecord<string> {
  id: string;
  mail: Mail;
}

export const toMailDetailRecord = (detail: MailLogDetail): MailDetailRecord => ({
  ...detail,
  id: detail.reference_uid,
  mail: toPanelMail(detail.mail),
  attempts: Array.isArray(detail.attempts) ? detail.attempts : [],
  resent_as: Array.isArray(detail.resent_as) ? detail.resent_as : [],
});

/** A mail log row in the shape of the spec's queue entry (the Queue list). */
export const asQueueEntry = (record: MailLogRecord) => ({ ...record, attempt: record.attempts });

/** … of a delivered mail (the Delivered Mails list): delivered time and refused recipients when the service sends them. */
export const asDeliveredEntry = (record: MailLogRecord) => ({
  ...record,
  delivered: record.completed_time ?? null,
  refused: record.refused ?? [],
});

/** … of a retrying delivery (Delivery Retries). */
export const asRetryingEntry = (record: MailLogRecord) => ({
  ...record,
  attempt: record.attempts,
  error_message: record.last_error ?? '',
  next_attempt: record.next_attempt ?? null,
});

/** … of a permanently failed delivery (Failed Deliveries). */
export const asFailedEntry = (record: MailLogRecord) => ({ ...record, error_message: record.last_error ?? '' });
