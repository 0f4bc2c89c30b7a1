import { randomBytes } from 'node:crypto';
import { FILES, createFilesTestApp, filesUnder, md5, upload, type StoredFile } from '../support/files-helpers';

/** Downloads: ranges, and names and content types that are hostile, stored as given and served safely. */
let t: Awaited<ReturnType<typeof createFilesTestApp>>;
beforeAll(async () => {
  t = await createFilesTestApp();
});
afterAll(() => t?.cleanUp());

const download = (uid: string, headers: Record<string, string> = {}) =>
  t.as({ method: 'GET', url: `${FILES}/download/${uid}/`, headers });

describe('download', () => {
  const data = randomBytes(10_000);
  let uid: string;
  beforeAll(async () => {
    uid = (await upload(t, { data, contentType: 'application/octet-stream' })).json<StoredFile>().uid;
  });

  test.each([
    ['bytes=0-99', 0, 99],
    ['bytes=100-', 100, 9999],
    ['bytes=-500', 9500, 9999],
    ['bytes=9990-20000', 9990, 9999],
    ['bytes=-20000', 0, 9999],
    ['bytes=5000-5000', 5000, 5000],
  ])('Range %s gets 206 with the bytes %i-%i', async (range, start, end) => {
    const response = await download(uid, { range });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/10000`);
    expect(response.headers['content-length']).toBe(String(end - start + 1));
    expect(response.rawPayload.equals(data.subarray(start, end + 1))).toBe(true);
  });

  test.each(['bytes=10000-', 'bytes=20000-30000', 'bytes=-0'])(
    'unsatisfiable Range %s gets 416 with the size',
    async (range) => {
      const response = await download(uid, { range });
      expect(response.statusCode).toBe(416);
      expect(response.headers['content-range']).toBe('bytes */10000');
    },
  );

  test.each(['bytes=0-1,5-6', 'bytes=abc', 'items=0-5', 'bytes=50-10'])(
    'a Range it does not serve (%s) gets the whole file',
    async (range) => {
      const response = await download(uid, { range });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(data)).toBe(true);
    },
  );

  test('an If-Range with another ETag gets the whole file, with the current one the range', async () => {
    expect((await download(uid, { range: 'bytes=0-9', 'if-range': '"other"' })).statusCode).toBe(200);
    expect((await download(uid, { range: 'bytes=0-9', 'if-range': `"${md5(data)}"` })).statusCode).toBe(206);
  });

  test('an unknown uid is 404, a malformed one 400', async () => {
    expect((await download('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await download('not-a-uid')).statusCode).toBe(400);
  });
});

describe('hostile names are stored as given and served safely', () => {
  const disposition = async (name: string) => {
    const uploaded = await upload(t, { name, data: Buffer.from('x') });
    expect(uploaded.statusCode).toBe(201);
    const file = uploaded.json<StoredFile>();
    expect(file.meta.name).toBe(name);
    expect((await t.as({ method: 'GET', url: `${FILES}/files/${file.uid}/` })).json<StoredFile>().meta.name).toBe(name);
    const header = (await download(file.uid)).headers['content-disposition'] as string;
    expect(header).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%!._~-]+$/);
    const fallback = /filename="([^"]*)"/.exec(header)![1];
    const utf8Name = decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec(header)![1]);
    for (const served of [fallback, utf8Name]) {
      expect(served).not.toMatch(/[/\\\p{Cc}]/u);
      expect(served.startsWith('.')).toBe(false);
    }
    expect(fallback).not.toMatch(/["%;]/);
    return { fallback, utf8Name, file };
  };

  test('path traversal', async () => {
    const { fallback, utf8Name } = await disposition('../../etc/passwd');
    expect(fallback).toBe('_.._etc_passwd');
    expect(utf8Name).toBe('_.._etc_passwd');
  });

  test('control characters, quotes and CRLF header injection', async () => {
    const { fallback, utf8Name } = await disposition('evil\r\nSet-Cookie: a=b"; x.txt\u0007');
    expect(fallback).toBe('evilSet-Cookie: a=b__ x.txt');
    expect(utf8Name).toBe('evilSet-Cookie: a=b"; x.txt');
  });

  test('non-Latin names keep their characters in filename* and get an ASCII fallback', async () => {
    const { fallback, utf8Name } = await disposition('Übersicht 報告.pdf');
    expect(utf8Name).toBe('Übersicht 報告.pdf');
    expect(fallback).toBe('Ubersicht __.pdf');
  });

  test('a very long name is stored whole and served shortened with its extension', async () => {
    const name = `${'ä'.repeat(500)}.pdf`;
    const { utf8Name, fallback } = await disposition(name);
    expect(Array.from(utf8Name)).toHaveLength(200);
    expect(utf8Name.endsWith('.pdf')).toBe(true);
    expect(fallback.endsWith('.pdf')).toBe(true);
  });

  test('a name over 512 characters is refused', async () => {
    const response = await upload(t, { name: 'n'.repeat(513) });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('meta.name');
  });

  test('right-to-left overrides that disguise an extension are dropped', async () => {
    const { utf8Name } = await disposition('invoice\u202Efdp.exe');
    expect(utf8Name).toBe('invoicefdp.exe');
  });

  test('the blob is stored under the generated uid, never under the name', async () => {
    const { file } = await disposition('../../escape-attempt.txt');
    const stored = await filesUnder(t.dataDir);
    expect(stored.some((name) => name.endsWith(file.uid))).toBe(true);
    expect(stored.every((name) => name.startsWith(`${t.dataDir}/files/`) && !name.includes('escape'))).toBe(true);
  });

  test('a hostile content type is stored as application/octet-stream and served with nosniff and a sandbox', async () => {
    const uploaded = await upload(t, { contentType: 'text/html"<script>' });
    expect(uploaded.json<StoredFile>().meta.content_type).toBe('application/octet-stream');
    const html = (
      await upload(t, { contentType: 'text/html', data: Buffer.from('<script>alert(1)</script>') })
    ).json<StoredFile>();
    const response = await download(html.uid);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-disposition']).toMatch(/^attachment;/);
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
