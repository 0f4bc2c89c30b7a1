import { Type } from '@sinclair/typebox';
import { problems } from '../../contracts/common';
import { CareRequestUidParams } from '../../contracts/care';
import { Note, NoteInput, NoteParams, Notes } from '../../contracts/care-workflow';
import type { Db } from '../db';
import { auditContextOf } from '../shared/audit';
import { createOnce } from '../shared/idempotency';
import { routeDocs } from '../shared/route-docs';
import type { ServiceApp } from '../shared/service';
import { createNote, deleteNote, listNotes, updateNote } from './notes';

const describe = routeDocs(['care']);

const PRIVACY =
  'Notes may hold personal data: they appear nowhere else (not in lists, events, mails or the audit trail, which records the note by ' +
  'uid) and are erased with the contact data (erasure request or retention).';
const OWN_NOTE =
  'Only the author may, within 24 hours of writing it; otherwise 409 `/problems/note-locked`. 404 `/problems/note-not-found` when the ' +
  'request has no such note, `/problems/care-request-not-found` when the request is unknown.';

export function careNoteRoutes(app: ServiceApp, db: Db) {
  app.get(
    '/care-requests/:uid/notes/',
    {
      config: { permission: 'care:read' },
      schema: {
        ...describe(
          "A care request's notes, newest first",
          `Every note with its author and times. ${PRIVACY} 404 \`/problems/care-request-not-found\`.`,
        ),
        params: CareRequestUidParams,
        response: { 200: Notes, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => listNotes(db, request.params.uid),
  );

  app.post(
    '/care-requests/:uid/notes/',
    {
      config: { permission: 'care:work', idempotent: true },
      schema: {
        ...describe(
          'Add a note to a care request',
          `Answers 201 with the note. ${PRIVACY} 410 \`/problems/contact-erased\` once the request's contact data was erased. Audited as ` +
            '`care-request.note-create` with {note_uid}; streams get `care-request.changed`. 404 `/problems/care-request-not-found`.',
        ),
        params: CareRequestUidParams,
        body: NoteInput,
        response: { 201: Note, ...problems(400, 401, 403, 404, 410) },
      },
    },
    async (request, reply) =>
      createOnce(request, reply, db, {
        effect: (keyed) => createNote(keyed, request.params.uid, request.body.text, auditContextOf(request)),
        answer: (note) => ({ status: 201, body: note }),
      }),
  );

  app.patch(
    '/care-requests/:uid/notes/:note_uid/',
    {
      config: { permission: 'care:work' },
      schema: {
        ...describe(
          'Change the text of my note',
          `${OWN_NOTE} The earlier text is not kept. Audited as \`care-request.note-update\` with {note_uid}.`,
        ),
        params: NoteParams,
        body: NoteInput,
        response: { 200: Note, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      updateNote(db, request.params.uid, request.params.note_uid, request.body.text, auditContextOf(request)),
  );

  app.delete(
    '/care-requests/:uid/notes/:note_uid/',
    {
      config: { permission: 'care:work' },
      schema: {
        ...describe(
          'Delete my note',
          `Answers 204. ${OWN_NOTE} Audited as \`care-request.note-delete\` with {note_uid}.`,
        ),
        params: NoteParams,
        response: { 204: Type.Null(), ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteNote(db, request.params.uid, request.params.note_uid, auditContextOf(request));
      return reply.code(204).send(null);
    },
  );
}
