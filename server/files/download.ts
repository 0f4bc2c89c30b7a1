import { HttpProblem, problemType } from '../shared/problem';
import type { ByteRange } from '../storage';
import type { FileRow } from './store';

type RangeRequest = { kind: 'whole' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

const WHOLE: RangeRequest = { kind: 'whole' };
const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Reads a Range header (RFC 9110 §14) for one range. A missing, malformed or multi-range header gets the whole content,
 * as does a Range sent with an If-Range that does not match the current ETag.
 */
function rangeRequest(header: string | undefined, size: number, ifRange?: string, etag?: string): RangeRequest {
  if (!header || (ifRange !== undefined && ifRange !== etag)) return WHOLE;
  const match = SINGLE_RANGE.exec(header.replace(/\s+/g, ''));
  if (!match || (!match[1] && !match[2])) return WHOLE;
  if (!match[1]) return suffixRange(Number(match[2]), size);
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : Infinity;
  if (end < start) return WHOLE;
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end: Math.min(end, size - 1) } };
}

function suffixRange(length: number, size: number): RangeRequest {
  if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start: Math.max(0, size - length), end: size - 1 } };
}

// eslint-disable-next-line no-control-regex -- it looks for control characters on purpose
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;
/** Bidirectional overrides could disguise an extension ("gpj.exe" shown as "exe.jpg"). */
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const MAX_NAME_CHARACTERS = 200;

/** The name a browser should save a file under: no control characters, no path separators, no leading dots, not too long. */
function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(CONTROL_CHARACTERS, '')
    .replace(BIDI_CONTROLS, '')
    .replace(/[/\\]/g, '_')
    .trim()
    .replace(/^\.+/, '');
  return shorten(cleaned) || 'download';
}

/** Cuts a long name, keeping a short extension. */
function shorten(name: string): string {
  const characters = Array.from(name);
  if (characters.length <= MAX_NAME_CHARACTERS) return name;
  const extension = /\.[^.]{1,16}$/.exec(name)?.[0] ?? '';
  return characters.slice(0, MAX_NAME_CHARACTERS - extension.length).join('') + extension;
}

/** The plain-ASCII stand-in for clients that ignore filename*: accents dropped, other characters and quotes replaced. */
function asciiFallback(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["%;\\]/g, '_')
      .trim() || 'download'
  );
}

const encodeRfc8187 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);

function contentDisposition(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const safe = safeFileName(name);
  return `${disposition}; filename="${asciiFallback(safe)}"; filename*=UTF-8''${encodeRfc8187(safe)}`;
}

/** Content-Disposition of a preview: shown in the browser, saved under the same safe name as a download. */
export const inlineDisposition = (name: string) => contentDisposition(name, 'inline');

/** The headers of every answer to a download, a refused range's included. */
export function downloadHeaders(file: FileRow) {
  return {
    'accept-ranges': 'bytes',
    etag: etagOf(file),
    'content-disposition': contentDisposition(file.name),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': 'no-store',
  };
}

const etagOf = (file: FileRow) => `"${file.md5Hash}"`;

/** The byte range to send, or undefined for the whole file; a range past the end is refused with 416. */
export function servedRange(
  file: FileRow,
  headers: { range?: string; 'if-range'?: string | string[] },
): ByteRange | undefined {
  const ifRange = headers['if-range'];
  const wanted = rangeRequest(
    headers.range,
    file.size,
    typeof ifRange === 'string' ? ifRange : undefined,
    etagOf(file),
  );
  if (wanted.kind === 'unsatisfiable') {
    throw new HttpProblem(416, 'Range Not Satisfiable', `The file has ${file.size} bytes.`, {
      type: problemType('range-not-satisfiable'),
      headers: { 'content-range': `bytes */${file.size}` },
    });
  }
  return wanted.kind === 'partial' ? wanted.range : undefined;
}
