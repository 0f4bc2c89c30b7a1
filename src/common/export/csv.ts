/** A translation function (react-admin's useTranslate). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The byte order mark that makes spreadsheet programs read the file as UTF-8. */
export const UTF8_BOM = '\uFEFF';

/**
 * A text a spreadsheet would run as a formula (OWASP's CSV injection list: =, +, -, @, tab or carriage return first), also behind
 * blanks or zero-width characters a spreadsheet skips, and with the full-width forms some spreadsheets read as the same signs.
 */
const FORMULA = /^[\s\u200B-\u200D\u2060\uFEFF]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break. A text that could run as a formula (names
 * and labels come from users) gets a leading apostrophe.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** An instant given in epoch seconds, in UTC as ISO 8601 without fractions; empty for none. */
export const isoSeconds = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? '' : new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * One column of an export: its header (a translation key) and the cell of a row. Columns hold only what the list
 * shows or names; secrets (password hashes, token values) and care contact data never have a column.
 */
export interface CsvColumn<T> {
  header: string;
  cell: (row: T, translate: Translate) => unknown;
}

/** The rows as CSV with translated headers (CRLF line ends, UTF-8 byte order mark first). */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[], translate: Translate): string {
  const lines = [
    columns.map(({ header }) => csvCell(translate(header))),
    ...rows.map((row) => columns.map(({ cell }) => csvCell(cell(row, translate)))),
  ];
  return UTF8_BOM + lines.map((cells) => cells.join(',')).join('\r\n') + '\r\n';
}
