import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { adminActor, justNow, withEvents } from '../support/audit-helpers';
import {
  FILES,
  createFilesTestApp,
  fileRowCount,
  upload,
  type FilePage,
  type StoredFile,
} from '../support/files-helpers';
import { AUTH, uniqueAddress } from '../support/helpers';

/** Staff's corrections of stored files: rename and describe, re-reference, delete one or several, and the inline preview. */
let t: Awaited<ReturnType<typeof createFilesTestApp>>;
let admin: { uid: string; public_name: string };
let reader: string;
let nobody: string;
beforeAll(async () => {
  t = await createFilesTestApp();
  admin = await adminActor(t);
  reader = await tokenWithRole('files-reader', ['files:read']);
  nobody = await tokenWithRole('files-nobody', []);
});
afterAll(() => t?.cleanUp());

async function tokenWithRole(role: string, permissions: string[]) {
  expect(
    (await t.as({ method: 'PUT', url: `${AUTH}/administration/roles/${role}/`, payload: { permissions } })).statusCode,
  ).toBe(200);
  const user = await t.createUser({ roles: [role] });
  return (await t.signIn(user.username, user.password)).access_token;
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function stored(input: Parameters<typeof upload>[1] = {}): Promise<StoredFile> {
  const response = await upload(t, input);
  expect(response.statusCode).toBe(201);
  return response.json<StoredFile>();
}

const patch = (uid: string, payload: object, extra: { token?: string; remoteAddress?: string } = {}) =>
  t.as({ method: 'PATCH', url: `${FILES}/files/${uid}/`, payload, ...extra });
const remove = (uid: string, token?: string) => t.as({ method: 'DELETE', url: `${FILES}/files/${uid}/`, token });
const removeMany = (uids: string[], token?: string) =>
  t.as({ method: 'POST', url: `${FILES}/files/delete/`, payload: { uids }, token });
const preview = (uid: string, token?: string) => t.as({ method: 'GET', url: `${FILES}/preview/${uid}/`, token });
const blobPath = (uid: string) => path.join(t.dataDir, 'files', uid.slice(0, 2), uid);

const statistics = async () =>
  (await t.as({ method: 'GET', url: `${FILES}/statistics/` })).json<{ files: number; total_size: number }>();
/** The total of a kind filter without a text query: a kept count. */
const kindTotal = async (kind: string) =>
  (
    await t.as({
      method: 'GET',
      url: `${FILES}/search/?filters=${encodeURIComponent(JSON.stringify({ reference_kind: kind }))}`,
    })
  ).json<FilePage>().total;
const searchTotal = async (query: string) =>
  (await t.as({ method: 'GET', url: `${FILES}/search/?query=${encodeURIComponent(query)}` })).json<FilePage>().total;

describe('PATCH /files/{uid}/', () => {
  test('renames and describes a file, writing file.update with the changed fields; the search finds the new name only', async () => {
    const file = await stored({ name: 'scan-0001.pdf', description: 'unnamed scan' });
    const address = uniqueAddress();
    const { result, events } = await withEvents(t, () =>
      patch(file.uid, { name: 'Care contract Lindner.pdf', description: 'unnamed scan' }, { remoteAddress: address }),
    );
    expect(result.statusCode).toBe(200);
    expect(result.json<StoredFile>()).toEqual({ ...file, meta: { ...file.meta, name: 'Care contract Lindner.pdf' } });
    const target = { type: 'file', id: file.uid, label: 'Care contract Lindner.pdf' };
    expect(events).toEqual([
      {
        ...justNow(),
        actor: admin,
        address,
        action: 'file.update',
        target,
        changes: { name: 'Care contract Lindner.pdf' },
      },
    ]);
    expect(await searchTotal('contract Lindner')).toBe(1);
    expect(await searchTotal('scan-0001')).toBe(0);
  });

  test('replaces the references and moves the file between the kept kind counts', async () => {
    const file = await stored({ references: [{ name: 'Customer', value: 'C-1' }] });
    const before = { customer: await kindTotal('Customer'), caregiver: await kindTotal('Caregiver') };
    const references = [
      { name: 'LegacyCaregiver', value: 'G-7' },
      { name: 'ServiceContract', value: 'SC-9' },
    ];
    const { result, events } = await withEvents(t, () => patch(file.uid, { references }));
    expect(result.statusCode).toBe(200);
    expect(result.json<StoredFile>().meta.references).toEqual(references);
    expect(events.map((event) => [event.action, event.changes])).toEqual([['file.update', { references }]]);
    expect(await kindTotal('Customer')).toBe(before.customer - 1);
    expect(await kindTotal('Caregiver')).toBe(before.caregiver + 1);
    expect(await searchTotal('SC-9')).toBe(1);
  });

  test('a patch that changes nothing answers the file and writes no event', async () => {
    const file = await stored({ name: 'unchanged.pdf' });
    const { result, events } = await withEvents(t, () => patch(file.uid, { name: 'unchanged.pdf' }));
    expect(result.statusCode).toBe(200);
    expect(events).toEqual([]);
  });

  test.each([
    ['a name of 3 characters', { name: 'abc' }, 'name'],
    ['an empty description', { description: '' }, 'description'],
    ['an unknown reference kind', { references: [{ name: 'Patient', value: 'x' }] }, 'references.0.name'],
    ['an empty reference value', { references: [{ name: 'Customer', value: '' }] }, 'references.0.value'],
    ['a field no file has', { size: 3 }, 'size'],
  ])('%s is a 400 naming the field, and changes nothing', async (_case, payload, field) => {
    const file = await stored();
    const { result, events } = await withEvents(t, () => patch(file.uid, payload));
    expect(result.statusCode).toBe(400);
    expect(result.json()).toMatchObject({ type: '/problems/validation-error', field });
    expect(events).toEqual([]);
    expect((await t.as({ method: 'GET', url: `${FILES}/files/${file.uid}/` })).json()).toEqual(file);
  });

  test('more than 100 references and an empty patch are refused', async () => {
    const file = await stored();
    const many = Array.from({ length: 101 }, (_, index) => ({ name: 'Customer', value: `C-${index}` }));
    expect((await patch(file.uid, { references: many })).json()).toMatchObject({ status: 400, field: 'references' });
    expect((await patch(file.uid, {})).statusCode).toBe(400);
  });

  test('an unknown uid is 404 file-not-found', async () => {
    expect((await patch(randomUUID(), { name: 'new name' })).json()).toMatchObject({
      status: 404,
      type: '/problems/file-not-found',
      field: 'uid',
    });
  });
});

describe('deleting', () => {
  test('DELETE removes row and blob, takes the file off the counts and writes file.delete', async () => {
    const data = randomBytes(4321);
    const file = await stored({
      name: 'wrong upload.pdf',
      data,
      contentType: 'application/pdf',
      references: [{ name: 'ServiceAgency', value: 'A-1' }],
    });
    expect(existsSync(blobPath(file.uid))).toBe(true);
    const before = { stats: await statistics(), agency: await kindTotal('ServiceAgency'), rows: await fileRowCount(t) };
    const address = uniqueAddress();
    const { result, events } = await withEvents(t, () =>
      t.as({ method: 'DELETE', url: `${FILES}/files/${file.uid}/`, remoteAddress: address }),
    );
    expect(result.statusCode).toBe(204);
    expect(result.body).toBe('');
    const target = { type: 'file', id: file.uid, label: 'wrong upload.pdf' };
    expect(events).toEqual([
      {
        ...justNow(),
        actor: admin,
        address,
        action: 'file.delete',
        target,
        changes: { name: 'wrong upload.pdf', content_type: 'application/pdf', size: 4321 },
      },
    ]);
    expect(existsSync(blobPath(file.uid))).toBe(false);
    expect(await fileRowCount(t)).toBe(before.rows - 1);
    expect(await statistics()).toEqual({ files: before.stats.files - 1, total_size: before.stats.total_size - 4321 });
    expect(await kindTotal('ServiceAgency')).toBe(before.agency - 1);
    expect((await t.as({ method: 'GET', url: `${FILES}/download/${file.uid}/` })).statusCode).toBe(404);
    expect((await remove(file.uid)).json()).toMatchObject({
      status: 404,
      type: '/problems/file-not-found',
      field: 'uid',
    });
  });

  test('POST /files/delete/ deletes several at once and names the uids no file has', async () => {
    const [first, second, kept] = [
      await stored(),
      await stored({ references: [{ name: 'Customer', value: 'C-2' }] }),
      await stored(),
    ];
    const unknown = randomUUID();
    const before = { files: (await statistics()).files, customer: await kindTotal('Customer') };
    const { result, events } = await withEvents(t, () => removeMany([first.uid, second.uid.toUpperCase(), unknown]));
    expect(result.statusCode).toBe(200);
    expect(result.json()).toEqual({ deleted: [first.uid, second.uid], not_found: [unknown] });
    expect(events.map((event) => [event.action, event.target?.id])).toEqual([
      ['file.delete', first.uid],
      ['file.delete', second.uid],
    ]);
    expect([existsSync(blobPath(first.uid)), existsSync(blobPath(second.uid)), existsSync(blobPath(kept.uid))]).toEqual(
      [false, false, true],
    );
    expect((await statistics()).files).toBe(before.files - 2);
    expect(await kindTotal('Customer')).toBe(before.customer - 1);
  });

  test.each([
    ['no uids', [], 'uids'],
    ['a uid twice', ['6e8bc430-9c3a-11d9-9669-0800200c9a66', '6e8bc430-9c3a-11d9-9669-0800200c9a66'], 'uids'],
    ['a uid that is not one', ['nope'], 'uids.0'],
  ])('bulk delete with %s is a 400 naming the field', async (_case, uids, field) => {
    expect((await removeMany(uids)).json()).toMatchObject({ status: 400, field });
  });
});

describe('permissions', () => {
  test('without files:write, changing and deleting are 403 and leave the file as it was', async () => {
    const file = await stored();
    const { result: renamed, events } = await withEvents(t, () =>
      patch(file.uid, { name: 'taken over' }, { token: reader }),
    );
    expect(renamed.json()).toMatchObject({ status: 403, type: '/problems/forbidden', permission: 'files:write' });
    expect((await remove(file.uid, reader)).statusCode).toBe(403);
    expect((await removeMany([file.uid], reader)).statusCode).toBe(403);
    expect(events).toEqual([]);
    expect((await t.as({ method: 'GET', url: `${FILES}/files/${file.uid}/` })).json()).toEqual(file);
    expect(existsSync(blobPath(file.uid))).toBe(true);
  });

  test('the preview needs files:read', async () => {
    const file = await stored({ data: PNG, contentType: 'image/png' });
    expect((await preview(file.uid, reader)).statusCode).toBe(200);
    expect((await preview(file.uid, nobody)).json()).toMatchObject({ status: 403, permission: 'files:read' });
  });
});

describe('GET /preview/{uid}/', () => {
  test('an image is served inline with its type, sandboxed, never sniffed or cached', async () => {
    const file = await stored({ name: 'wound photo.png', data: PNG, contentType: 'image/png' });
    const response = await preview(file.uid);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PNG)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'content-disposition': `inline; filename="wound photo.png"; filename*=UTF-8''wound%20photo.png`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'no-store',
    });
  });

  test('a PDF is served inline, framed only by the panel (a sandbox would stop the browser PDF viewer)', async () => {
    const file = await stored({ data: PDF, contentType: 'application/pdf' });
    const response = await preview(file.uid);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'");
    expect(response.rawPayload.equals(PDF)).toBe(true);
  });

  test.each([
    [
      'SVG, which can carry script',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'image/svg+xml',
    ],
    ['HTML', '<html><script>alert(1)</script></html>', 'text/html'],
    ['a text file', 'hello', 'text/plain'],
    ['HTML stored as image/png', '<html><script>alert(1)</script></html>', 'image/png'],
    ['an empty "PDF"', '', 'application/pdf'],
  ])('%s is refused with 415 not-previewable', async (_case, content, contentType) => {
    const file = await stored({ data: Buffer.from(content), contentType });
    const response = await preview(file.uid);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ type: '/problems/not-previewable', field: 'content_type' });
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  test('an unknown uid is 404', async () => {
    expect((await preview(randomUUID())).json()).toMatchObject({ status: 404, type: '/problems/file-not-found' });
  });
});
