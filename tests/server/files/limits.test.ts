import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  FILES,
  createFilesTestApp,
  fileRowCount,
  filesUnder,
  md5,
  upload,
  waitFor,
  type StoredFile,
} from '../support/files-helpers';

/** The upload size limit and interrupted uploads: neither leaves a blob or a row behind. */
const LIMIT = 64 * 1024;
let t: Awaited<ReturnType<typeof createFilesTestApp>>;
beforeAll(async () => {
  t = await createFilesTestApp({ files: { maxUploadBytes: LIMIT } });
});
afterAll(() => t?.cleanUp());

const nothingLeft = async (rowsBefore: number, blobsBefore: number) =>
  (await fileRowCount(t)) === rowsBefore && (await filesUnder(t.dataDir)).length === blobsBefore;

test('a file of exactly the limit is accepted', async () => {
  const data = randomBytes(LIMIT);
  const response = await upload(t, { data });
  expect(response.statusCode).toBe(201);
  expect(response.json<StoredFile>().stored_binary).toEqual({ md5_hash: md5(data), size: LIMIT });
});

test.each([
  ['one byte over the limit, meta first', LIMIT + 1, true],
  ['far over the limit, meta after the file', LIMIT * 10, false],
])('%s: 413 and nothing kept', async (_label, size, metaFirst) => {
  const rowsBefore = await fileRowCount(t);
  const blobsBefore = (await filesUnder(t.dataDir)).length;
  const response = await upload(t, { data: randomBytes(size), metaFirst });
  expect(response.statusCode).toBe(413);
  expect(response.headers['content-type']).toContain('application/problem+json');
  expect(response.json()).toMatchObject({ status: 413, field: 'file' });
  expect(await nothingLeft(rowsBefore, blobsBefore)).toBe(true);
});

describe('a client that disconnects mid-upload', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  /** Sends the request head and the start of a multipart body over a real socket, then destroys the socket. */
  async function abortedUpload(metaFirst: boolean) {
    const boundary = 'caredeskabort';
    const meta = `--${boundary}\r\nContent-Disposition: form-data; name="meta"\r\n\r\n${JSON.stringify({ name: 'aborted.bin', description: 'never finished' })}\r\n`;
    const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const declaredLength = 60_000;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.on('error', () => undefined);
    socket.write(
      `POST ${FILES}/upload/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${await t.adminToken()}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${declaredLength}\r\n\r\n`,
    );
    socket.write((metaFirst ? meta : '') + fileHead);
    socket.write(randomBytes(20_000));
    await waitFor(
      async () => (await filesUnder(t.dataDir)).some((name) => name.endsWith('.part')),
      10_000,
      'the upload to reach storage',
    );
    socket.destroy();
  }

  test('an upload over the limit is answered 413 at once and the connection closed, without reading the rest', async () => {
    const blobsBefore = (await filesUnder(t.dataDir)).length;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.on('error', () => undefined);
    const boundary = 'caredesklimit';
    socket.write(
      `POST ${FILES}/upload/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${await t.adminToken()}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n\r\n`,
    );
    socket.write(randomBytes(LIMIT * 2));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    await new Promise((resolve) => socket.once('close', resolve));
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect((await filesUnder(t.dataDir)).length).toBe(blobsBefore);
  });

  test.each([true, false])('leaves neither a blob nor a row (meta first: %s)', async (metaFirst) => {
    const rowsBefore = await fileRowCount(t);
    const blobsBefore = (await filesUnder(t.dataDir)).length;
    await abortedUpload(metaFirst);
    await waitFor(() => nothingLeft(rowsBefore, blobsBefore), 10_000, 'the partial blob to be removed');
    // and the server still takes uploads
    expect((await upload(t, { data: randomBytes(100) })).statusCode).toBe(201);
  });
});

describe('a store that fails', () => {
  let broken: Awaited<ReturnType<typeof createFilesTestApp>>;
  beforeAll(async () => {
    broken = await createFilesTestApp();
    // a plain file where the blob folder should be: every write fails
    writeFileSync(path.join(broken.dataDir, 'files'), 'not a folder');
  });
  afterAll(() => broken?.cleanUp());

  test.each([true, false])(
    'is a 500, not the client’s fault, and leaves no row (meta first: %s)',
    async (metaFirst) => {
      const response = await upload(broken, { data: randomBytes(200_000), metaFirst });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ status: 500, detail: 'An unexpected error occurred.' });
      expect(await fileRowCount(broken)).toBe(0);
    },
  );
});
