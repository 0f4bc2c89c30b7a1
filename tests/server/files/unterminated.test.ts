import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { files } from '../../../server/db/schema';
import { createFilesTestApp, FILES, filesUnder } from '../support/files-helpers';
import { createTestApp } from '../support/helpers';

/**
 * A complete request whose multipart body lacks its closing boundary gets 400 at once and leaves nothing behind; temporary
 * files that an earlier process left behind are removed at start.
 */

let t: Awaited<ReturnType<typeof createFilesTestApp>>;
let port: number;
beforeAll(async () => {
  t = await createFilesTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t?.cleanUp());

const BOUNDARY = 'unterminated42';
const META = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="meta"\r\n\r\n{"name":"report.txt","description":"d"}\r\n`;
const FILE_PART = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello world\r\n`;

/** Sends the complete request over a socket and resolves with the answer's status line and body, or 'no answer' after 5 s. */
async function post(body: string): Promise<{ status: string; body: string; ms: number }> {
  const token = await t.adminToken();
  const started = Date.now();
  return new Promise((resolve) => {
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(
        `POST ${FILES}/upload/ HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n` +
          `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      ),
    );
    const timer = setTimeout(() => socket.destroy(), 5_000);
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({
        status: answer.split('\r\n')[0] || 'no answer',
        body: answer.slice(answer.indexOf('\r\n\r\n') + 4),
        ms: Date.now() - started,
      });
    });
  });
}

test.each([
  ['a file part', META + FILE_PART],
  ['a meta part only', META],
  ['a file part, then an opening boundary', META + FILE_PART + `--${BOUNDARY}\r\n`],
])(
  'a body that ends after %s without the closing boundary gets 400 promptly and keeps nothing',
  async (_name, body) => {
    const answer = await post(body);
    expect(answer.status).toBe('HTTP/1.1 400 Bad Request');
    expect(answer.ms).toBeLessThan(3_000);
    expect(answer.body).toContain('/problems/malformed-body');
    await expect.poll(() => filesUnder(path.join(t.dataDir, 'files'))).toEqual([]);
    expect(await t.db.$count(files)).toBe(0);
  },
);

test('the same upload with its closing boundary is stored', async () => {
  const answer = await post(META + FILE_PART + `--${BOUNDARY}--\r\n`);
  expect(answer.status).toBe('HTTP/1.1 201 Created');
  expect(await t.db.$count(files)).toBe(1);
});

test('temporary files older than the longest request are removed at start; a recent one is left to its writer', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caredesk-partials-'));
  const folder = path.join(dataDir, 'files', '.partial');
  mkdirSync(folder, { recursive: true });
  const stale = path.join(folder, 'abcdef00-0000-4000-8000-000000000000.1234.part');
  const recent = path.join(folder, 'abcdef00-0000-4000-8000-000000000001.5678.part');
  writeFileSync(stale, 'left over');
  writeFileSync(recent, 'being written');
  const anHourAgo = new Date(Date.now() - 3_600_000);
  utimesSync(stale, anHourAgo, anHourAgo);
  const app = await createTestApp({
    withAdmin: false,
    config: { dataDir, http: { ...testHttp(), requestTimeoutMs: 60_000 } },
  });
  try {
    expect(await filesUnder(path.join(dataDir, 'files'))).toEqual([recent]);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

const testHttp = () => t.config.http;
