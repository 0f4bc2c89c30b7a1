import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { createBlobStorage, LocalBlobStorage } from '../../server/storage';
import { filesUnder } from './files-helpers';
import { testConfig } from './helpers';
import { blobStorageContract } from './storage-contract';

/** Blobs on local disk under <data folder>/files. */
describe('local disk storage', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'caredesk-storage-'));
  blobStorageContract(async () => ({
    storage: new LocalBlobStorage(path.join(root, 'files')),
    stored: () => filesUnder(root),
    close: () => rm(root, { recursive: true, force: true }),
  }));

  test('a blob lives at files/<first two characters>/<key>', async () => {
    const storage = new LocalBlobStorage(path.join(root, 'files'));
    const key = randomUUID();
    await storage.put(key, Readable.from(['content']));
    expect(await filesUnder(path.join(root, 'files', key.slice(0, 2)))).toEqual([path.join(root, 'files', key.slice(0, 2), key)]);
  });
});

test('the config chooses local disk under DATA_DIR/files unless S3 is configured', () => {
  const local = createBlobStorage(testConfig({ dataDir: '/srv/caredesk' }));
  expect(local).toBeInstanceOf(LocalBlobStorage);
  expect((local as LocalBlobStorage).root).toBe('/srv/caredesk/files');
  const s3 = { endpoint: 'http://127.0.0.1:9000', bucket: 'b', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true };
  expect(createBlobStorage(testConfig({ files: { maxUploadBytes: 1, s3 } })).kind).toBe('s3');
});
