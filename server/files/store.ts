import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { files } from '../db/schema';
import { changedFields, recordAudit, type AuditContext } from '../shared/audit';
import { adjustCounts } from '../shared/kept-counts';
import { epochSecondsOf } from '../shared/paging';
import { notFound } from '../shared/problem';
import { ALL_FILES, FILE_BYTES, kindDeltas } from './counts';
import type { FileMetaPatchValue, ReferenceKind, ReferenceValue, StoredFileResponse } from '../../contracts/files';
import type { ReceivedUpload } from './upload';

export type FileRow = typeof files.$inferSelect;

interface NewFile {
  uid: string;
  name: string;
  description: string;
  contentType: string;
  size: number;
  md5Hash: string;
  storageKey: string;
  references: ReferenceValue[];
  /** Defaults to now; set by tests and the benchmark. */
  uploaded?: Date;
}

/** The kind a reference counts as: its name without the Legacy prefix. */
export const kindOf = (name: string) => name.replace(/^Legacy/, '') as ReferenceKind;

/** The columns that mirror a file's references for the search indexes. */
function referenceColumns(references: ReferenceValue[]) {
  return {
    references,
    referenceKinds: [...new Set(references.map((reference) => kindOf(reference.name)))],
    referenceValues: references.map((reference) => reference.value).join('\n'),
  };
}

export function toStoredFile(row: FileRow): StoredFileResponse {
  return {
    uid: row.uid,
    meta: {
      name: row.name,
      description: row.description,
      uploaded: epochSecondsOf(row.uploaded),
      content_type: row.contentType,
      references: row.references,
    },
    stored_binary: { md5_hash: row.md5Hash, size: row.size },
  };
}

/** A file in the audit trail: labelled with its name. */
const fileTarget = (row: FileRow) => ({ type: 'file', id: row.uid, label: row.name });

/** Inserts the file and counts it, in one transaction; with `audit` (an upload) the event file.upload too. */
export async function insertFile(db: Db, file: NewFile, audit?: AuditContext): Promise<FileRow> {
  const { references, ...columns } = file;
  const referenceColumnValues = referenceColumns(references);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(files)
      .values({ ...columns, ...referenceColumnValues })
      .returning();
    const deltas = kindDeltas([], referenceColumnValues.referenceKinds).set(ALL_FILES, 1).set(FILE_BYTES, row.size);
    await adjustCounts(tx, deltas);
    if (audit) {
      const changes = {
        name: row.name,
        description: row.description,
        references: row.references,
        content_type: row.contentType,
        size: row.size,
      };
      await recordAudit(tx, { ...audit, action: 'file.upload', target: fileTarget(row), changes });
    }
    return row;
  });
}

const fileNotFound = () => notFound('No file has this uid.', 'uid', 'file-not-found');

export async function findFile(db: Db, uid: string): Promise<FileRow> {
  const [row] = await db.select().from(files).where(eq(files.uid, uid));
  if (!row) throw fileNotFound();
  return row;
}

/** Replaces the references and moves the file between the kept kind counts, with the event file.references-update, in one transaction. */
export async function replaceReferences(
  db: Db,
  uid: string,
  references: ReferenceValue[],
  audit: AuditContext,
): Promise<FileRow> {
  const columns = referenceColumns(references);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ kinds: files.referenceKinds })
      .from(files)
      .where(eq(files.uid, uid))
      .for('update');
    if (!before) throw fileNotFound();
    const [row] = await tx.update(files).set(columns).where(eq(files.uid, uid)).returning();
    await adjustCounts(tx, kindDeltas(before.kinds, columns.referenceKinds));
    await recordAudit(tx, {
      ...audit,
      action: 'file.references-update',
      target: fileTarget(row),
      changes: { references },
    });
    return row;
  });
}

/**
 * Changes a file's name, description and references as the patch says, moving it between the kept kind counts, with the
 * event file.update naming the fields that changed, in one transaction. A patch that changes nothing writes no event.
 */
export async function updateFileMeta(
  db: Db,
  uid: string,
  patch: FileMetaPatchValue,
  audit: AuditContext,
): Promise<FileRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(files).where(eq(files.uid, uid)).for('update');
    if (!before) throw fileNotFound();
    const changes = changedFields(before, patch);
    if (!Object.keys(changes).length) return before;
    const columns = { ...changes, ...(changes.references && referenceColumns(changes.references)) };
    const [row] = await tx.update(files).set(columns).where(eq(files.uid, uid)).returning();
    await adjustCounts(tx, kindDeltas(before.referenceKinds, row.referenceKinds));
    await recordAudit(tx, { ...audit, action: 'file.update', target: fileTarget(row), changes });
    return row;
  });
}

/** What deleting these rows takes off the kept counts. */
function deletionDeltas(rows: FileRow[]): Map<string, number> {
  const deltas = new Map<string, number>([
    [ALL_FILES, -rows.length],
    [FILE_BYTES, -rows.reduce((sum, row) => sum + row.size, 0)],
  ]);
  for (const row of rows) {
    for (const [key, delta] of kindDeltas(row.referenceKinds, [])) deltas.set(key, (deltas.get(key) ?? 0) + delta);
  }
  return deltas;
}

/**
 * Deletes the rows of those files that exist and takes them off the kept counts, with one event file.delete per file,
 * in one transaction; answers the deleted rows (their blobs are the caller's to remove, once this has committed).
 */
export async function deleteFileRows(db: Db, uids: string[], audit: AuditContext): Promise<FileRow[]> {
  return db.transaction(async (tx) => {
    const rows = await tx.delete(files).where(inArray(files.uid, uids)).returning();
    await adjustCounts(tx, deletionDeltas(rows));
    for (const row of rows) {
      const changes = { name: row.name, content_type: row.contentType, size: row.size };
      await recordAudit(tx, { ...audit, action: 'file.delete', target: fileTarget(row), changes });
    }
    return rows;
  });
}

/** Stores the row of an upload whose blob is already stored under its uid. */
export function insertUploadedFile(db: Db, upload: ReceivedUpload, audit: AuditContext): Promise<FileRow> {
  const file = {
    uid: upload.uid,
    name: upload.meta.name,
    description: upload.meta.description,
    references: upload.meta.references ?? [],
    contentType: upload.contentType,
    md5Hash: upload.md5Hash,
    size: upload.size,
    storageKey: upload.uid,
  };
  return insertFile(db, file, audit);
}
