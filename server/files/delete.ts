import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import type { AuditContext } from '../shared/audit';
import { notFound } from '../shared/problem';
import { distinctUids } from '../../contracts/common';
import type { BlobStorage } from '../storage';
import { deleteFileRows, type FileRow } from './store';

interface DeleteContext {
  db: Db;
  storage: BlobStorage;
  log: FastifyBaseLogger;
}

/**
 * Removes the blobs of rows already deleted. The row goes first: a blob left behind by a failed removal only takes space
 * (and is logged), whereas a row whose blob had gone would be a file that cannot be downloaded.
 */
async function removeBlobs(rows: FileRow[], { storage, log }: DeleteContext) {
  for (const row of rows) {
    await storage
      .remove(row.storageKey)
      .catch((error) => log.error({ err: error, uid: row.uid }, 'could not remove the blob of a deleted file'));
  }
}

/** Deletes the files that exist among `uids` (row, counts, events, then blobs) and answers which were deleted and which not found. */
export async function deleteFiles(context: DeleteContext, sentUids: string[], audit: AuditContext) {
  // the answer names each file once, as GET names it
  const uids = distinctUids(sentUids);
  const rows = await deleteFileRows(context.db, uids, audit);
  await removeBlobs(rows, context);
  const deleted = new Set(rows.map((row) => row.uid));
  return { deleted: uids.filter((uid) => deleted.has(uid)), not_found: uids.filter((uid) => !deleted.has(uid)) };
}

/** Deletes one file; 404 when no file has the uid. */
export async function deleteFile(context: DeleteContext, uid: string, audit: AuditContext): Promise<void> {
  const { deleted } = await deleteFiles(context, [uid], audit);
  if (!deleted.length) throw notFound('No file has this uid.', 'uid', 'file-not-found');
}
