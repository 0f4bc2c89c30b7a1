import type { Readable } from 'node:stream';

/** An inclusive byte range of a blob, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where file contents live; their metadata is always in the database. Keys are generated uids, never user-provided names.
 */
export interface BlobStorage {
  readonly kind: 'local' | 's3';
  /** Stores the stream under the key; when it rejects, nothing is left under the key. */
  put(key: string, body: Readable): Promise<void>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the blob; a missing blob is not an error. */
  remove(key: string): Promise<void>;
  has(key: string): Promise<boolean>;
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Keys must be generated uids: anything else (a path, a user's file name) is a programming error. */
export function assertBlobKey(key: string) {
  if (!KEY.test(key)) throw new Error(`Not a blob key: ${JSON.stringify(key)}`);
}
