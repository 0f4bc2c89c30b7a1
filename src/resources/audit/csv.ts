import type { AuditEvent } from '../../dataProviders/audit';
import { actionLabel, outcomeLabel, targetTypeLabel } from './actions';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The byte order mark that makes spreadsheet programs read the file as UTF-8. */
export const UTF8_BOM = '\uFEFF';

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break. A text a spreadsheet would run as a
 * formula (=, +, -, @ first; names and labels come from users) gets a leading apostrophe.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const isoSeconds = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The export's columns: translated header and the cell of an event. */
function columns(translate: Translate): [string, (event: AuditEvent) => unknown][] {
  const key = (name: string) => translate(`caredesk.audit.${name}`);
  return [
    [key('list.time'), (event) => isoSeconds(event.time)],
    [key('list.actor'), (event) => event.actor?.public_name ?? key('list.server')],
    [key('export.actor_id'), (event) => event.actor?.uid ?? ''],
    [key('detail.address'), (event) => event.address ?? ''],
    [key('list.action'), (event) => actionLabel(translate, event.action)],
    [key('export.action_name'), (event) => event.action],
    [key('export.target_type'), (event) => (event.target ? targetTypeLabel(translate, event.target.type) : '')],
    [key('export.target_id'), (event) => event.target?.id ?? ''],
    [key('list.target'), (event) => event.target?.label ?? ''],
    [key('list.outcome'), (event) => outcomeLabel(translate, event.outcome)],
    [key('detail.changes'), (event) => (Object.keys(event.changes ?? {}).length ? event.changes : '')],
  ];
}

/** The events as CSV with translated headers (CRLF line ends, UTF-8 byte order mark first); times in UTC, ISO 8601. */
export function auditCsv(events: readonly AuditEvent[], translate: Translate): string {
  const table = columns(translate);
  const lines = [table.map(([header]) => csvCell(header)), ...events.map((event) => table.map(([, cell]) => csvCell(cell(event))))];
  return UTF8_BOM + lines.map((cells) => cells.join(',')).join('\r\n') + '\r\n';
}
