import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../../server/config';
import { S3BlobStorage } from '../../../server/storage';
import {
  FILES,
  createFilesTestApp,
  fileRowCount,
  filesUnder,
  md5,
  upload,
  type StoredFile,
} from '../support/files-helpers';
import { blobStorageContract } from './storage-contract';
import { startLocalS3, type LocalS3 } from '../support/storage-s3rver';

/** Blobs in an S3-compatible store: an s3rver started by the test. */
describe('S3 storage', () => {
  let s3: LocalS3;
  blobStorageContract(async () => {
    s3 = await startLocalS3();
    return { storage: new S3BlobStorage(s3.config), stored: () => s3.keys(), close: () => s3.close() };
  });
});

describe('the file service on S3', () => {
  let s3: LocalS3;
  let t: Awaited<ReturnType<typeof createFilesTestApp>>;
  beforeAll(async () => {
    s3 = await startLocalS3();
    t = await createFilesTestApp({ files: { maxUploadBytes: 64 * 1024, s3: s3.config } });
  });
  afterAll(async () => {
    await t?.cleanUp();
    await s3?.close();
  });

  test('upload and download round trip, with ranges; nothing on local disk', async () => {
    const data = randomBytes(50_000);
    const created = await upload(t, { data, contentType: 'text/csv' });
    expect(created.statusCode).toBe(201);
    const file = created.json<StoredFile>();
    expect(file.stored_binary).toEqual({ md5_hash: md5(data), size: data.length });
    expect(await s3.keys()).toContain(`files/${file.uid}`);
    expect(await filesUnder(t.dataDir)).toEqual([]);

    const whole = await t.as({ method: 'GET', url: `${FILES}/download/${file.uid}/` });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(data)).toBe(true);
    const part = await t.as({ method: 'GET', url: `${FILES}/download/${file.uid}/`, headers: { range: 'bytes=-100' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(data.subarray(-100))).toBe(true);
  });

  test('over the limit: 413, no object and no row', async () => {
    const keysBefore = await s3.keys();
    const rowsBefore = await fileRowCount(t);
    expect((await upload(t, { data: randomBytes(100_000) })).statusCode).toBe(413);
    expect(await s3.keys()).toEqual(keysBefore);
    expect(await fileRowCount(t)).toBe(rowsBefore);
  });

  test('deleting a file removes its object', async () => {
    const file = (await upload(t, { data: randomBytes(2000) })).json<StoredFile>();
    expect(await s3.keys()).toContain(`files/${file.uid}`);
    expect((await t.as({ method: 'DELETE', url: `${FILES}/files/${file.uid}/` })).statusCode).toBe(204);
    expect(await s3.keys()).not.toContain(`files/${file.uid}`);
    expect(
      (await t.as({ method: 'POST', url: `${FILES}/files/delete/`, payload: { uids: [file.uid] } })).json(),
    ).toEqual({ deleted: [], not_found: [file.uid] });
  });

  test('bad meta after the file: 400, the object is removed again', async () => {
    const keysBefore = await s3.keys();
    const response = await upload(t, { name: 'ab', metaFirst: false });
    expect(response.statusCode).toBe(400);
    expect(await s3.keys()).toEqual(keysBefore);
  });
});

describe('S3 settings', () => {
  const all = {
    S3_ENDPOINT: 'http://minio:9000',
    S3_BUCKET: 'files',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  test('all four select S3, with region us-east-1 and path-style addressing by default', () => {
    expect(loadConfig(all).files.s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'files',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...all, S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: 'false' }).files.s3).toMatchObject({
      region: 'eu-central-1',
      forcePathStyle: false,
    });
  });

  test('none means local disk; some but not all is an error', () => {
    expect(loadConfig({}).files.s3).toBeUndefined();
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'files' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
  });

  test('FILES_MAX_UPLOAD_BYTES defaults to 1 GiB', () => {
    expect(loadConfig({}).files.maxUploadBytes).toBe(1024 ** 3);
    expect(loadConfig({ FILES_MAX_UPLOAD_BYTES: '1000' }).files.maxUploadBytes).toBe(1000);
  });
});
