import type { MailLogRecord } from '../../../dataProviders/mail/logRecords';
import { csvCell, UTF8_BOM } from '../../audit/csv';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * One column of the export: its header (a translation key) and the cell of a row. The shape of the shared list export
 * (src/common/export, CsvColumn), so the log can move to it by handing these columns over.
 */
export interface MailLogCsvColumn {
  header: string;
  cell: (row: MailLogRecord, translate: Translate) => unknown;
}

const isoSeconds = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z') : '';

const field = (name: string) => `caredesk.mail_log.fields.${name}`;

/** What the log shows of a mail, without its body; times in UTC, ISO 8601; recipients separated by '; '. */
export const MAIL_LOG_CSV_COLUMNS: readonly MailLogCsvColumn[] = [
  { header: field('reference'), cell: (row) => row.reference_uid },
  { header: field('state'), cell: (row, translate) => translate(`caredesk.mail_log.states.${row.state}`, { _: row.state }) },
  { header: field('requested'), cell: (row) => isoSeconds(row.requested_time) },
  { header: field('sender'), cell: (row) => row.mail.sender },
  { header: field('recipients'), cell: (row) => row.mail.to.join('; ') },
  { header: field('cc'), cell: (row) => row.mail.cc.join('; ') },
  { header: field('subject'), cell: (row) => row.mail.subject },
  { header: field('attempts'), cell: (row) => row.attempts },
  { header: field('message_id'), cell: (row) => row.message_id ?? '' },
  { header: field('last_error'), cell: (row) => row.last_error ?? '' },
];

/** The rows as CSV with translated headers (CRLF line ends, UTF-8 byte order mark first, so spreadsheets read umlauts). */
export function mailLogCsv(rows: readonly MailLogRecord[], translate: Translate, columns = MAIL_LOG_CSV_COLUMNS): string {
  const lines = [columns.map(({ header }) => csvCell(translate(header))), ...rows.map((row) => columns.map(({ cell }) => csvCell(cell(row, translate))))];
  return UTF8_BOM + lines.map((cells) => cells.join(',')).join('\r\n') + '\r\n';
}
