import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Transaction } from '../db';
import { careRequestNotes, careRequests, users } from '../db/schema';
import { recordAudit, type AuditContext } from '../shared/audit';
import { epochSecondsOf } from '../shared/paging';
import { conflict, HttpProblem, notFound, problemType } from '../shared/problem';
import { NOTE_EDIT_WINDOW_SECONDS, type NoteOutput } from '../../contracts/care-workflow';
import { announceCareEvent } from './events';

/**
 * Staff notes on a care request. Their text may hold personal data, so it leaves the server only through the notes routes, is
 * erased with the contact data (erasure request and retention), and the audit trail records that a note was added, changed or
 * deleted (its uid and author), never its text; an edit replaces the text, no earlier text is kept anywhere.
 */

const noteColumns = {
  uid: careRequestNotes.uid,
  authorUid: careRequestNotes.authorUid,
  authorName: users.publicName,
  createdAt: careRequestNotes.createdAt,
  editedAt: careRequestNotes.editedAt,
  text: careRequestNotes.text,
};
type NoteRow = {
  uid: string;
  authorUid: string;
  authorName: string;
  createdAt: Date;
  editedAt: Date | null;
  text: string;
};

const toNote = (row: NoteRow): NoteOutput => ({
  uid: row.uid,
  author: { uid: row.authorUid, public_name: row.authorName },
  created: epochSecondsOf(row.createdAt),
  edited: row.editedAt ? epochSecondsOf(row.editedAt) : null,
  editable_until: epochSecondsOf(row.createdAt) + NOTE_EDIT_WINDOW_SECONDS,
  text: row.text,
});

/** The request, locked against a concurrent erasure; notes of an erased request are refused (the erasure took them). */
async function requestForNotes(tx: Db, uid: string, lock?: 'share') {
  const query = tx
    .select({
      uid: careRequests.uid,
      partialZip: careRequests.partialMissionZipCode,
      version: careRequests.version,
      erasedAt: careRequests.contactErasedAt,
    })
    .from(careRequests)
    .where(eq(careRequests.uid, uid));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw notFound('No care request has this uid.', 'uid', 'care-request-not-found');
  return row;
}

const contactErased = () =>
  new HttpProblem(410, 'Gone', 'The contact data of this care request was erased, and its notes with it.', {
    type: problemType('contact-erased'),
  });

export async function listNotes(db: Db, requestUid: string): Promise<NoteOutput[]> {
  await requestForNotes(db, requestUid);
  const rows = await db
    .select(noteColumns)
    .from(careRequestNotes)
    .innerJoin(users, eq(users.uid, careRequestNotes.authorUid))
    .where(eq(careRequestNotes.requestUid, requestUid))
    .orderBy(desc(careRequestNotes.createdAt), desc(careRequestNotes.uid));
  return rows.map(toNote);
}

/** A note event changes no workflow version: the stream says the request changed, at its current version. */
async function recordNoteChange(
  tx: Transaction,
  action: 'care-request.note-create' | 'care-request.note-update' | 'care-request.note-delete',
  request: Awaited<ReturnType<typeof requestForNotes>>,
  noteUid: string,
  context: AuditContext,
) {
  const target = { type: 'care-request', id: request.uid, label: request.partialZip };
  await recordAudit(tx, { action, ...context, target, changes: { note_uid: noteUid } });
  await announceCareEvent(tx, 'care-request.changed', request.uid, request.version);
}

export async function createNote(
  db: Db,
  requestUid: string,
  text: string,
  context: AuditContext,
  now = new Date(),
): Promise<NoteOutput> {
  const author = context.actor!;
  return db.transaction(async (tx) => {
    const request = await requestForNotes(tx, requestUid, 'share');
    if (request.erasedAt) throw contactErased();
    const [row] = await tx
      .insert(careRequestNotes)
      .values({ requestUid, authorUid: author.uid, createdAt: now, text })
      .returning();
    await recordNoteChange(tx, 'care-request.note-create', request, row.uid, context);
    return toNote({ ...row, authorName: author.publicName });
  });
}

/** The note, locked; only its author may change it, and only within 24 hours of writing it. */
async function ownRecentNote(tx: Transaction, requestUid: string, noteUid: string, authorUid: string, now: Date) {
  const [row] = await tx
    .select(noteColumns)
    .from(careRequestNotes)
    .innerJoin(users, eq(users.uid, careRequestNotes.authorUid))
    .where(and(eq(careRequestNotes.uid, noteUid), eq(careRequestNotes.requestUid, requestUid)))
    .for('update', { of: careRequestNotes });
  if (!row) throw notFound('The care request has no note with this uid.', 'note_uid', 'note-not-found');
  if (row.authorUid !== authorUid)
    throw conflict('Only the author may change or delete a note.', 'note_uid', 'note-locked');
  if (now.getTime() - row.createdAt.getTime() > NOTE_EDIT_WINDOW_SECONDS * 1000) {
    throw conflict('A note can be changed or deleted only within 24 hours of writing it.', 'note_uid', 'note-locked');
  }
  return row;
}

export async function updateNote(
  db: Db,
  requestUid: string,
  noteUid: string,
  text: string,
  context: AuditContext,
  now = new Date(),
): Promise<NoteOutput> {
  return db.transaction(async (tx) => {
    const request = await requestForNotes(tx, requestUid, 'share');
    const row = await ownRecentNote(tx, requestUid, noteUid, context.actor!.uid, now);
    if (row.text === text) return toNote(row);
    await tx.update(careRequestNotes).set({ text, editedAt: now }).where(eq(careRequestNotes.uid, noteUid));
    await recordNoteChange(tx, 'care-request.note-update', request, noteUid, context);
    return toNote({ ...row, text, editedAt: now });
  });
}

export async function deleteNote(
  db: Db,
  requestUid: string,
  noteUid: string,
  context: AuditContext,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const request = await requestForNotes(tx, requestUid, 'share');
    await ownRecentNote(tx, requestUid, noteUid, context.actor!.uid, now);
    await tx.delete(careRequestNotes).where(eq(careRequestNotes.uid, noteUid));
    await recordNoteChange(tx, 'care-request.note-delete', request, noteUid, context);
  });
}

/** Part of every erasure of contact data (request and retention): the notes go with it. Returns how many. */
export async function eraseNotes(executor: Db, requestUids: string[]): Promise<number> {
  if (requestUids.length === 0) return 0;
  const erased = await executor
    .delete(careRequestNotes)
    .where(inArray(careRequestNotes.requestUid, requestUids))
    .returning({ uid: careRequestNotes.uid });
  return erased.length;
}
