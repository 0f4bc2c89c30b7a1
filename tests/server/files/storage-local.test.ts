import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { housekeepingJobs } from '../../../server/housekeeping-jobs';
import { createHousekeeping } from '../../../server/shared/housekeeping';
import { createBlobStorage, LocalBlobStorage } from '../../../server/storage';
import { filesUnder } from '../support/files-helpers';
import { testConfig } from '../support/helpers';
import { blobStorageContract } from './storage-contract';

/** Blobs on local disk under <data folder>/files. */
describe('local disk storage', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'caredesk-storage-'));
  blobStorageContract(() => ({
    storage: new LocalBlobStorage(path.join(root, 'files')),
    stored: () => filesUnder(root),
    close: () => rm(root, { recursive: true, force: true }),
  }));

  test('a blob lives at files/<first two characters>/<key>', async () => {
    const storage = new LocalBlobStorage(path.join(root, 'files'));
    const key = randomUUID();
    await storage.put(key, Readable.from(['content']));
    expect(await filesUnder(path.join(root, 'files', key.slice(0, 2)))).toEqual([
      path.join(root, 'files', key.slice(0, 2), key),
    ]);
  });
});

test('the config chooses local disk under DATA_DIR/files unless S3 is configured', () => {
  const local = createBlobStorage(testConfig({ dataDir: '/srv/caredesk' }));
  expect(local).toBeInstanceOf(LocalBlobStorage);
  expect((local as LocalBlobStorage).root).toBe('/srv/caredesk/files');
  const s3 = {
    endpoint: 'http://127.0.0.1:9000',
    bucket: 'b',
    region: 'us-east-1',
    accessKeyId: 'k',
    secretAccessKey: 's',
    forcePathStyle: true,
  };
  expect(createBlobStorage(testConfig({ files: { maxUploadBytes: 1, s3 } })).kind).toBe('s3');
});

test('housekeeping removes the temporary file of an upload a dead process left, and leaves one still being written', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caredesk-partials-'));
  try {
    const config = testConfig({ dataDir });
    const partials = path.join(dataDir, 'files', '.partial');
    mkdirSync(partials, { recursive: true });
    const abandoned = path.join(partials, `${randomUUID()}.${randomUUID()}.part`);
    const writing = path.join(partials, `${randomUUID()}.${randomUUID()}.part`);
    writeFileSync(abandoned, Buffer.alloc(1024));
    writeFileSync(writing, Buffer.alloc(1024));
    const lastWrite = new Date(Date.now() - 2 * config.http.idleTimeoutMs - 1000);
    utimesSync(abandoned, lastWrite, lastWrite);

    const jobs = housekeepingJobs(config).filter((job) => job.name === 'partial-uploads');
    const results = await createHousekeeping({ db: undefined as never, jobs, intervalMs: 60_000 }).runOnce();
    expect(results).toEqual({ 'partial-uploads': 1 });
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(writing)).toBe(true);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('with S3 storage there is no local temporary file to remove', () => {
  const config = testConfig({
    files: {
      ...testConfig().files,
      s3: {
        endpoint: 'http://127.0.0.1:1',
        bucket: 'b',
        region: 'r',
        accessKeyId: 'a',
        secretAccessKey: 's',
        forcePathStyle: true,
      },
    },
  });
  expect(housekeepingJobs(config).map((job) => job.name)).not.toContain('partial-uploads');
});
