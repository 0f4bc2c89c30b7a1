import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import { files } from '../db/schema';
import { adjustCounts } from '../shared/kept-counts';
import { epochSecondsOf } from '../shared/paging';
import { notFound } from '../shared/problem';
import { ALL_FILES, kindDeltas } from './counts';
import type { ReferenceKind, ReferenceValue, StoredFileResponse } from './schemas';
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

/** Inserts the file and counts it, in one transaction. */
export async function insertFile(db: Db, file: NewFile): Promise<FileRow> {
  const { references, ...columns } = file;
  const referenceColumnValues = referenceColumns(references);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(files)
      .values({ ...columns, ...referenceColumnValues })
      .returning();
    const deltas = kindDeltas([], referenceColumnValues.referenceKinds).set(ALL_FILES, 1);
    await adjustCounts(tx, deltas);
    return row;
  });
}

const fileNotFound = () => notFound('No file has this uid.', 'uid', 'file-not-found');

export async function findFile(db: Db, uid: string): Promise<FileRow> {
  const [row] = await db.select().from(files).where(eq(files.uid, uid));
  if (!row) throw fileNotFound();
  return row;
}

/** Replaces the references and moves the file between the kept kind counts, in one transaction. */
export async function replaceReferences(db: Db, uid: string, references: ReferenceValue[]): Promise<FileRow> {
  const columns = referenceColumns(references);
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ kinds: files.referenceKinds }).from(files).where(eq(files.uid, uid)).for('update');
    if (!before) throw fileNotFound();
    const [row] = await tx.update(files).set(columns).where(eq(files.uid, uid)).returning();
    await adjustCounts(tx, kindDeltas(before.kinds, columns.referenceKinds));
    return row;
  });
}

/** Stores the row of an upload whose blob is already stored under its uid. */
export function insertUploadedFile(db: Db, upload: ReceivedUpload): Promise<FileRow> {
  return insertFile(db, {
    uid: upload.uid,
    name: upload.meta.name,
    description: upload.meta.description,
    references: upload.meta.references ?? [],
    contentType: upload.contentType,
    md5Hash: upload.md5Hash,
    size: upload.size,
    storageKey: upload.uid,
  });
}
