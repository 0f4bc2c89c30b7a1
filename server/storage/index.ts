import path from 'node:path';
import type { Config } from '../config';
import { LocalBlobStorage } from './local';
import { S3BlobStorage } from './s3';
import type { BlobStorage } from './blob-storage';

/** Local disk under DATA_DIR/files, unless an S3-compatible store is configured. */
export function createBlobStorage(config: Config): BlobStorage {
  const { s3 } = config.files;
  return s3 ? new S3BlobStorage(s3) : new LocalBlobStorage(path.join(config.dataDir, 'files'));
}

export type { BlobStorage, ByteRange } from './blob-storage';
export { LocalBlobStorage } from './local';
export { S3BlobStorage } from './s3';
