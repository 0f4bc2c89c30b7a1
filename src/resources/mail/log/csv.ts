import { type CsvColumn, isoSeconds } from '../../../common/export/csv';
import type { MailLogRecord } from '../../../dataProviders/mail/logRecords';

const field = (name: string) => `caredesk.mail_log.fields.${name}`;

/** What the log shows of a mail, without its body; times in UTC, ISO 8601; recipients separated by '; '. */
export const MAIL_LOG_CSV_COLUMNS: readonly CsvColumn<MailLogRecord>[] = [
  { header: field('reference'), cell: (row) => row.reference_uid },
  {
    header: field('state'),
    cell: (row, translate) => translate(`caredesk.mail_log.states.${row.state}`, { _: row.state }),
  },
  { header: field('requested'), cell: (row) => isoSeconds(row.requested_time) },
  { header: field('sender'), cell: (row) => row.mail.sender },
  { header: field('recipients'), cell: (row) => row.mail.to.join('; ') },
  { header: field('cc'), cell: (row) => row.mail.cc.join('; ') },
  { header: field('subject'), cell: (row) => row.mail.subject },
  { header: field('attempts'), cell: (row) => row.attempts },
  { header: field('message_id'), cell: (row) => row.message_id ?? '' },
  { header: field('last_error'), cell: (row) => row.last_error ?? '' },
];
