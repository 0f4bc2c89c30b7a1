import type { Readable } from 'node:stream';
import { HttpProblem, problemType } from '../shared/problem';
import type { BlobStorage } from '../storage';
import { inlineDisposition } from './download';
import type { FileRow } from './store';

/** How the first bytes of each previewable type begin (SVG is left out on purpose: it can carry script). */
const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  'image/png': (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (head) => head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])),
  'image/gif': (head) => ['GIF87a', 'GIF89a'].includes(head.subarray(0, 6).toString('latin1')),
  'image/webp': (head) =>
    head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP',
  // PDF readers accept the header anywhere in the first kilobyte
  'application/pdf': (head) => head.subarray(0, 1024).includes('%PDF-'),
};

/** The content types the preview serves. */
export const PREVIEW_CONTENT_TYPES = Object.keys(SIGNATURES);
const HEAD_BYTES = 1024;

const notPreviewable = (detail: string) =>
  new HttpProblem(415, 'Unsupported Media Type', detail, {
    type: problemType('not-previewable'),
    field: 'content_type',
  });

async function headOf(storage: BlobStorage, file: FileRow): Promise<Buffer> {
  if (file.size === 0) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(file.storageKey, { start: 0, end: Math.min(file.size, HEAD_BYTES) - 1 }))
    chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The file's bytes to show inline, when its stored content type is on the allow-list and its first bytes are of that
 * type (a file stored as image/png that holds HTML is refused, not served inline); otherwise 415 /problems/not-previewable.
 */
export async function previewBody(storage: BlobStorage, file: FileRow): Promise<Readable> {
  const matches = SIGNATURES[file.contentType];
  if (!matches)
    throw notPreviewable(
      `Only ${PREVIEW_CONTENT_TYPES.join(', ')} can be previewed; this file is ${file.contentType}.`,
    );
  if (!matches(await headOf(storage, file))) throw notPreviewable(`The file's content is not ${file.contentType}.`);
  return storage.read(file.storageKey);
}

/**
 * Nothing loads or runs inside a preview. Images are sandboxed too; PDFs are not, because Chromium refuses to start its
 * PDF viewer in a sandboxed document (the viewer runs apart from the page's origin), so they may only be framed by the panel.
 */
const previewPolicy = (contentType: string) =>
  contentType === 'application/pdf' ? "default-src 'none'; frame-ancestors 'self'" : "default-src 'none'; sandbox";

/** The download's hardening, shown inline: the browser may display the file but guesses no other type. */
export function previewHeaders(file: FileRow) {
  return {
    'content-type': file.contentType,
    'content-length': String(file.size),
    'content-disposition': inlineDisposition(file.name),
    'x-content-type-options': 'nosniff',
    'content-security-policy': previewPolicy(file.contentType),
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
  };
}
