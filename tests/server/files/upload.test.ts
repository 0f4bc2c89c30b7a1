import { randomBytes } from 'node:crypto';
import {
  FILES,
  createFilesTestApp,
  fileRowCount,
  filesUnder,
  md5,
  multipart,
  upload,
  uploadForm,
  type StoredFile,
} from '../support/files-helpers';

/** Upload round trips, the file's metadata and references, what bad uploads leave behind (nothing), and parallel uploads. */
let t: Awaited<ReturnType<typeof createFilesTestApp>>;
beforeAll(async () => {
  t = await createFilesTestApp();
});
afterAll(() => t?.cleanUp());

const download = (uid: string, headers: Record<string, string> = {}) =>
  t.as({ method: 'GET', url: `${FILES}/download/${uid}/`, headers });

test('an upload is stored with its md5, size and content type, and downloads byte for byte', async () => {
  const data = randomBytes(300_000);
  const response = await upload(t, {
    name: 'contract.pdf',
    description: 'Signed contract',
    data,
    contentType: 'application/pdf',
  });
  expect(response.statusCode).toBe(201);
  const file = response.json<StoredFile>();
  expect(file.meta).toMatchObject({
    name: 'contract.pdf',
    description: 'Signed contract',
    content_type: 'application/pdf',
    references: [],
  });
  expect(file.stored_binary).toEqual({ md5_hash: md5(data), size: data.length });
  expect(Math.abs(file.meta.uploaded - Date.now() / 1000)).toBeLessThan(60);

  const fetched = await download(file.uid);
  expect(fetched.statusCode).toBe(200);
  expect(fetched.rawPayload.equals(data)).toBe(true);
  expect(md5(fetched.rawPayload)).toBe(file.stored_binary.md5_hash);
  expect(fetched.headers).toMatchObject({
    'content-type': 'application/pdf',
    'content-length': String(data.length),
    'accept-ranges': 'bytes',
    etag: `"${md5(data)}"`,
    'x-content-type-options': 'nosniff',
  });
});

test('meta may come after the file', async () => {
  const data = randomBytes(5000);
  const response = await upload(t, { data, metaFirst: false, contentType: 'image/png' });
  expect(response.statusCode).toBe(201);
  expect(response.json<StoredFile>().meta.content_type).toBe('image/png');
  expect((await download(response.json<StoredFile>().uid)).rawPayload.equals(data)).toBe(true);
});

test.each([
  ['not a media type', 'application/octet-stream'],
  ['Text/CSV; charset=UTF-8', 'text/csv'],
  // RFC 7578's default for a part without Content-Type, applied by the multipart parser
  [undefined, 'text/plain'],
])('the part content type %j is stored as %s', async (contentType, stored) => {
  const form = multipart([
    { name: 'meta', value: JSON.stringify({ name: 'typed file', description: 'x' }) },
    {
      name: 'file',
      value: Buffer.from('a,b'),
      filename: 'a.csv',
      ...(contentType === undefined ? {} : { contentType }),
    },
  ]);
  const response = await t.as({ method: 'POST', url: `${FILES}/upload/`, ...form });
  expect(response.statusCode).toBe(201);
  expect(response.json<StoredFile>().meta.content_type).toBe(stored);
});

test('meta sent as a JSON blob part (as browsers send a Blob) is read too', async () => {
  const meta = JSON.stringify({ name: 'blob meta', description: 'from a Blob' });
  const form = multipart([
    { name: 'meta', value: meta, filename: 'blob', contentType: 'application/json' },
    { name: 'file', value: Buffer.from('hello'), filename: 'hello.txt', contentType: 'text/plain' },
  ]);
  const response = await t.as({ method: 'POST', url: `${FILES}/upload/`, ...form });
  expect(response.statusCode).toBe(201);
  expect(response.json<StoredFile>().meta).toMatchObject({ name: 'blob meta', content_type: 'text/plain' });
});

test('an empty file is a file', async () => {
  const response = await upload(t, { data: Buffer.alloc(0) });
  expect(response.statusCode).toBe(201);
  expect(response.json<StoredFile>().stored_binary).toEqual({ md5_hash: md5(Buffer.alloc(0)), size: 0 });
  const fetched = await download(response.json<StoredFile>().uid);
  expect(fetched.statusCode).toBe(200);
  expect(fetched.rawPayload.length).toBe(0);
});

describe('bad uploads get 400 and leave nothing behind', () => {
  const cases: [string, () => ReturnType<typeof multipart>, string][] = [
    [
      'meta that is not JSON',
      () =>
        multipart([
          { name: 'meta', value: '{name: oops' },
          { name: 'file', value: randomBytes(100), filename: 'a' },
        ]),
      'meta',
    ],
    [
      'meta that is not JSON, after the file',
      () =>
        multipart([
          { name: 'file', value: randomBytes(100), filename: 'a' },
          { name: 'meta', value: 'nope' },
        ]),
      'meta',
    ],
    [
      'a JSON-typed meta field that is not JSON',
      () =>
        multipart([
          { name: 'file', value: randomBytes(100), filename: 'a' },
          { name: 'meta', value: '{', contentType: 'application/json' },
        ]),
      'meta',
    ],
    ['a name shorter than 4', () => uploadForm({ name: 'abc' }), 'meta.name'],
    ['an empty description', () => uploadForm({ description: '' }), 'meta.description'],
    [
      'an unknown reference kind',
      () => uploadForm({ references: [{ name: 'Patient', value: 'P-1' }] }),
      'meta.references.0.name',
    ],
    ['a NUL in the name', () => uploadForm({ name: 'bad\u0000name' }), 'meta.name'],
    [
      'meta without the file',
      () => multipart([{ name: 'meta', value: JSON.stringify({ name: 'only meta', description: 'x' }) }]),
      'file',
    ],
    ['the file without meta', () => multipart([{ name: 'file', value: randomBytes(100), filename: 'a' }]), 'meta'],
    ['an unknown part', () => multipart([{ name: 'extra', value: 'x' }, ...[]]), 'extra'],
    [
      'meta that is a JSON array',
      () =>
        multipart([
          { name: 'meta', value: '[]' },
          { name: 'file', value: randomBytes(10), filename: 'a' },
        ]),
      'meta',
    ],
  ];
  test.each(cases)('%s', async (_label, form, field) => {
    const rowsBefore = await fileRowCount(t);
    const response = await t.as({ method: 'POST', url: `${FILES}/upload/`, ...form() });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json().field).toBe(field);
    expect(await fileRowCount(t)).toBe(rowsBefore);
    expect((await filesUnder(t.dataDir)).filter((name) => name.endsWith('.part'))).toEqual([]);
    expect((await filesUnder(t.dataDir)).length).toBe(rowsBefore);
  });

  test('a body that is not multipart gets 415', async () => {
    const response = await t.as({
      method: 'POST',
      url: `${FILES}/upload/`,
      payload: { name: 'json body', description: 'x' },
    });
    expect(response.statusCode).toBe(415);
  });

  test('a truncated multipart body gets 400', async () => {
    const { payload, headers } = uploadForm({ data: randomBytes(50_000) });
    const rowsBefore = await fileRowCount(t);
    const response = await t.as({
      method: 'POST',
      url: `${FILES}/upload/`,
      payload: payload.subarray(0, 30_000),
      headers,
    });
    expect(response.statusCode).toBe(400);
    expect(await fileRowCount(t)).toBe(rowsBefore);
    expect((await filesUnder(t.dataDir)).length).toBe(rowsBefore);
  });
});

describe('references', () => {
  const references = [
    { name: 'Customer', value: 'C-100' },
    { name: 'LegacyCaregiver', value: 'Old Caregiver 7' },
  ];

  test('upload meta may carry references; GET /files/{uid}/ returns them', async () => {
    const file = (await upload(t, { references })).json<StoredFile>();
    expect(file.meta.references).toEqual(references);
    const fetched = await t.as({ method: 'GET', url: `${FILES}/files/${file.uid}/` });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json<StoredFile>()).toEqual(file);
  });

  test('PUT /files/{uid}/references/ replaces them', async () => {
    const file = (await upload(t, { references })).json<StoredFile>();
    const replacement = [{ name: 'ServiceContract', value: 'SC-1' }];
    const response = await t.as({
      method: 'PUT',
      url: `${FILES}/files/${file.uid}/references/`,
      payload: { references: replacement },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<StoredFile>().meta.references).toEqual(replacement);
    const cleared = await t.as({
      method: 'PUT',
      url: `${FILES}/files/${file.uid}/references/`,
      payload: { references: [] },
    });
    expect(cleared.json<StoredFile>().meta.references).toEqual([]);
  });

  test.each([
    [{ references: [{ name: 'Nobody', value: 'x' }] }, 'references.0.name'],
    [{ references: [{ name: 'Customer', value: '' }] }, 'references.0.value'],
    [{ references: [{ name: 'Customer', value: 'x'.repeat(257) }] }, 'references.0.value'],
    [{ references: [{ name: 'Customer', value: 'x', extra: 1 }] }, 'references.0.extra'],
    [{ references: 'Customer' }, 'references'],
    [{}, 'references'],
  ])('bad references %j get 400 field %s', async (payload, field) => {
    const file = (await upload(t)).json<StoredFile>();
    const response = await t.as({ method: 'PUT', url: `${FILES}/files/${file.uid}/references/`, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });

  test('unknown files are 404', async () => {
    const uid = '00000000-0000-4000-8000-000000000001';
    expect((await t.as({ method: 'GET', url: `${FILES}/files/${uid}/` })).statusCode).toBe(404);
    expect(
      (await t.as({ method: 'PUT', url: `${FILES}/files/${uid}/references/`, payload: { references: [] } })).statusCode,
    ).toBe(404);
  });
});

test('every file route needs a token', async () => {
  const uid = '00000000-0000-4000-8000-000000000002';
  for (const [method, url] of [
    ['GET', `${FILES}/search/`],
    ['POST', `${FILES}/upload/`],
    ['GET', `${FILES}/download/${uid}/`],
    ['GET', `${FILES}/files/${uid}/`],
    ['PUT', `${FILES}/files/${uid}/references/`],
    ['GET', `${FILES}/administration/access-tokens/`],
  ] as const) {
    expect((await t.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    expect(
      (await t.inject({ method, url, headers: { authorization: 'Bearer nonsense' } })).statusCode,
      `${method} ${url}`,
    ).toBe(401);
  }
});

test('parallel uploads with overlapping reference kinds are all stored and counted', async () => {
  const kindTotal = async (kind: string) =>
    (
      await t.as({
        method: 'GET',
        url: `${FILES}/search/?filters=${encodeURIComponent(JSON.stringify({ reference_kind: kind }))}`,
      })
    ).json<{ total: number }>().total;
  const [customersBefore, caregiversBefore] = [await kindTotal('Customer'), await kindTotal('Caregiver')];
  const totalBefore = (await t.as({ method: 'GET', url: `${FILES}/search/` })).json<{ total: number }>().total;
  const orders = [
    [
      { name: 'Customer', value: 'C-1' },
      { name: 'Caregiver', value: 'G-1' },
    ],
    [
      { name: 'Caregiver', value: 'G-2' },
      { name: 'LegacyCustomer', value: 'C-2' },
    ],
  ];
  const responses = await Promise.all(
    Array.from({ length: 12 }, (_, index) => upload(t, { references: orders[index % 2] })),
  );
  expect(responses.map((response) => response.statusCode)).toEqual(Array(12).fill(201));
  expect(await kindTotal('Customer')).toBe(customersBefore + 12);
  expect(await kindTotal('Caregiver')).toBe(caregiversBefore + 12);
  expect((await t.as({ method: 'GET', url: `${FILES}/search/` })).json<{ total: number }>().total).toBe(
    totalBefore + 12,
  );
});
