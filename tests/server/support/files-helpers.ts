import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../../../server/config';
import { files } from '../../../server/db/schema';
import { createTestApp, type TestApp } from './helpers';

export const FILES = '/api/files';
export const PRICING = '/api/pricing';

export interface StoredFile {
  uid: string;
  meta: {
    name: string;
    description: string;
    uploaded: number;
    content_type: string;
    references: { name: string; value: string }[];
  };
  stored_binary: { md5_hash: string; size: number };
}

export interface FilePage {
  items: StoredFile[];
  previous_page: number | null;
  next_page: number | null;
  total: number;
}

interface FormPart {
  name: string;
  value: string | Buffer;
  /** Makes the part a file part. */
  filename?: string;
  contentType?: string;
}

export const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

/** A multipart/form-data body built by hand, so tests control every byte (hostile file names, part order, truncation). */
export function multipart(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----caredesk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`,
        'utf8',
      ),
    );
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value, 'utf8') : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

interface UploadInput {
  name?: string;
  description?: string;
  references?: { name: string; value: string }[];
  data?: Buffer;
  contentType?: string;
  metaFirst?: boolean;
}

export function uploadForm({
  name = 'report.pdf',
  description = 'A test file',
  references,
  data = randomBytes(1000),
  contentType,
  metaFirst = true,
}: UploadInput = {}) {
  const meta: FormPart = {
    name: 'meta',
    value: JSON.stringify({ name, description, ...(references ? { references } : {}) }),
  };
  const file: FormPart = { name: 'file', value: data, filename: 'upload.bin', contentType };
  return multipart(metaFirst ? [meta, file] : [file, meta]);
}

/** A test app whose data folder is a fresh temporary directory (blobs go to <dataDir>/files). */
export async function createFilesTestApp(
  config: Partial<Config> = {},
  logger?: FastifyServerOptions['logger'],
): Promise<TestApp & { dataDir: string; cleanUp: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caredesk-files-'));
  const defaults = { files: { maxUploadBytes: 1024 ** 3 } };
  const app = await createTestApp({ config: { dataDir, ...defaults, ...config }, logger });
  return {
    ...app,
    dataDir,
    cleanUp: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every file under a folder (recursively), finished blobs and partial ones alike. */
export async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

export async function fileRowCount(t: TestApp): Promise<number> {
  const [row] = await t.db.select({ total: count() }).from(files);
  return row.total;
}

export async function waitFor(
  condition: () => Promise<boolean>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function upload(t: TestApp, input: UploadInput = {}, token?: string) {
  const form = uploadForm(input);
  return t.as({ method: 'POST', url: `${FILES}/upload/`, ...form, token });
}
