import type { Db } from '../db';
import type { AuditContext } from '../shared/audit';
import { badRequest } from '../shared/problem';
import { assertReadOnly, assertSameUid } from '../shared/read-only';
import type { ReferencesBodyValue, ReferenceValue } from '../../contracts/files';
import { findFile, replaceReferences, toStoredFile, type FileRow } from './store';

/** The references a PUT sets: `references`, else `meta.references` of a file sent back as read; the file's other fields must be unchanged. */
function referencesToStore(body: ReferencesBodyValue, stored: FileRow, uid: string): ReferenceValue[] {
  const { meta, stored_binary: binary } = body;
  if (body.references && meta?.references && JSON.stringify(body.references) !== JSON.stringify(meta.references)) {
    throw badRequest('references and meta.references differ; send one of them.', 'meta.references');
  }
  const references = body.references ?? meta?.references;
  if (!references) throw badRequest('references is required (or meta.references).', 'references');
  const current = toStoredFile(stored);
  assertSameUid('uid', body.uid, uid, 'uid must equal the uid in the path.');
  for (const field of ['name', 'description', 'uploaded', 'content_type'] as const)
    assertReadOnly(`meta.${field}`, meta?.[field], current.meta[field]);
  assertReadOnly('stored_binary.md5_hash', binary?.md5_hash, current.stored_binary.md5_hash);
  assertReadOnly('stored_binary.size', binary?.size, current.stored_binary.size);
  return references;
}

/** PUT /files/{uid}/references/: the file with the references the body sets. */
export async function replaceReferencesAsSent(db: Db, uid: string, body: ReferencesBodyValue, audit: AuditContext) {
  const references = referencesToStore(body, await findFile(db, uid), uid);
  return toStoredFile(await replaceReferences(db, uid, references, audit));
}
