import type { Db } from '../db';
import { auditContextOf } from '../shared/audit';
import { problems } from '../../contracts/common';
import { createOnce } from '../shared/idempotency';
import { routeDocs } from '../shared/route-docs';
import type { ServiceApp } from '../shared/service';
import type { BlobStorage } from '../storage';
import { deleteFile, deleteFiles } from './delete';
import { downloadHeaders, servedRange } from './download';
import { PREVIEW_CONTENT_TYPES, previewBody, previewHeaders } from './preview';
import { replaceReferencesAsSent } from './references';
import {
  DeletedFiles,
  DeleteFilesBody,
  FileMetaPatch,
  FilePage,
  FileSearch,
  FileStatistics,
  FileUidParams,
  ReferencesBody,
  StoredFile,
} from '../../contracts/files';
import { readFileSearch } from './schemas';
import { searchFiles } from './search';
import { fileStatistics } from './statistics';
import { findFile, insertUploadedFile, toStoredFile, updateFileMeta } from './store';
import { receiveUpload, type ReceivedUpload } from './upload';

export interface FileRoutesContext {
  db: Db;
  storage: BlobStorage;
  maxUploadBytes: number;
}

const TAGS = ['files'];
const BINARY = {
  description: "The file's bytes (or the requested range)",
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
};
const PREVIEW = {
  description: "The file's bytes, to show inline",
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
};
const describe = routeDocs(TAGS);
/** Routes that admit API tokens of the file service: an address with too many failed token checks gets 429 before any lookup. */
const API_TOKEN_CALLERS =
  ' API tokens of the file service may call it; 429 `/problems/too-many-token-failures` with Retry-After while the client address has failed too many token checks.';

/** Search, upload, download, a file and its references, which also admit an API token of the file service; and the figures. */
export function fileReadRoutes(app: ServiceApp, { db, storage, maxUploadBytes }: FileRoutesContext) {
  app.get(
    '/search/',
    {
      config: { auth: 'apiTokenOrUser', permission: 'files:read' },
      schema: {
        ...describe(
          'Search files',
          'The paged dialect: sort_by `name`, `size`, `content_type`, `description` or `uploaded` (the default, newest first), ties by ' +
            'uid. `query` is a case-insensitive substring of the name, the description or any reference value (`%` and `_` literal). ' +
            '`filters` is {"uploaded": {"from", "to"}, "reference_kind": kind}, a kind with the Legacy prefix counting as the kind; ' +
            'anything else is 400 `/problems/invalid-filters`. A total above 1000 is a lower bound unless exact_total=true; without query ' +
            'and filters it is exact.' +
            API_TOKEN_CALLERS,
        ),
        querystring: FileSearch.querystring,
        response: { 200: FilePage, ...problems(400, 401, 429) },
      },
    },
    async (request) => searchFiles(db, readFileSearch(request.query)),
  );

  app.post(
    '/upload/',
    {
      config: { auth: 'apiTokenOrUser', permission: 'files:write', idempotent: true },
      // @fastify/multipart traces its busboy options, request headers (the Authorization token) included
      logLevel: 'debug',
      schema: {
        ...describe(
          'Upload a file',
          'multipart/form-data with a `meta` part (JSON {name, description, references?}: name 4–512 characters, description 1–2000, up ' +
            "to 100 references of 1–256 characters) and a `file` part, in either order. The content type is the file part's (parameters " +
            'dropped; text/plain without one). The bytes are streamed to storage, never held in memory. 400 `/problems/malformed-body`: meta ' +
            'that is not JSON, or a malformed multipart body, also one that ends without its closing boundary; 400 `/problems/missing-part`: ' +
            'no `file` or no `meta`; 400 `/problems/unexpected-part`: another or a second part; 400 `/problems/meta-too-large`: an over-long ' +
            '`meta`; 413 `/problems/file-too-large`: a file over FILES_MAX_UPLOAD_BYTES. A failed, refused or aborted upload leaves neither ' +
            'stored bytes nor a record. Answers 201. Audited as `file.upload`.' +
            API_TOKEN_CALLERS,
        ),
        consumes: ['multipart/form-data'],
        response: { 201: StoredFile, ...problems(400, 401, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      let received: ReceivedUpload | undefined;
      try {
        // a replay stores the bytes once more and removes them again when the key's answer is found (receiveUpload cleans up)
        return await createOnce(request, reply, db, {
          effect: (keyed) =>
            receiveUpload(request, { storage, maxBytes: maxUploadBytes }, (upload) => {
              received = upload;
              return insertUploadedFile(keyed, upload, auditContextOf(request));
            }),
          answer: (row) => ({ status: 201, body: toStoredFile(row) }),
          // what was uploaded, not the multipart bytes: a retry may send another boundary
          content: () =>
            received && {
              meta: received.meta,
              content_type: received.contentType,
              md5_hash: received.md5Hash,
              size: received.size,
            },
        });
      } catch (error) {
        // a refused upload may have much of its body still to come: end the connection rather than read it all
        if (!request.raw.complete) reply.header('connection', 'close');
        throw error;
      }
    },
  );

  app.get(
    '/download/:uid/',
    {
      config: { auth: 'apiTokenOrUser', permission: 'files:read' },
      schema: {
        ...describe(
          'Download a file',
          'The stored bytes, never compressed, with Content-Type, Content-Length, ETag, Accept-Ranges: bytes, Content-Disposition: ' +
            'attachment (an ASCII fallback name and the UTF-8 name), X-Content-Type-Options: nosniff and Content-Security-Policy: sandbox. ' +
            'One byte range (Range: bytes=first-last, first- or -suffix) answers 206; a range past the end is 416 ' +
            '`/problems/range-not-satisfiable`; If-Range is honoured. HEAD answers the headers alone. 404 `/problems/file-not-found` when ' +
            'no file has the uid.' +
            API_TOKEN_CALLERS,
        ),
        params: FileUidParams,
        response: { 200: BINARY, 206: BINARY, ...problems(400, 401, 404, 416, 429) },
      },
    },
    async (request, reply) => {
      const file = await findFile(db, request.params.uid);
      reply.headers(downloadHeaders(file));
      const range = servedRange(file, request.headers);
      const body = await storage.read(file.storageKey, range);
      if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
      return reply
        .type(file.contentType)
        .header('content-length', range ? range.end - range.start + 1 : file.size)
        .send(body);
    },
  );

  app.get(
    '/files/:uid/',
    {
      config: { auth: 'apiTokenOrUser', permission: 'files:read' },
      schema: {
        ...describe('One file', '404 `/problems/file-not-found` when no file has the uid.' + API_TOKEN_CALLERS),
        params: FileUidParams,
        response: { 200: StoredFile, ...problems(400, 401, 404, 429) },
      },
    },
    async (request) => toStoredFile(await findFile(db, request.params.uid)),
  );

  app.put(
    '/files/:uid/references/',
    {
      config: { auth: 'apiTokenOrUser', permission: 'files:write' },
      schema: {
        ...describe(
          "Replace a file's references",
          'Takes {references}, or the file as GET returns it with the new meta.references: its other fields are read-only and must equal ' +
            'the stored file (400 `/problems/read-only-field`). 404 `/problems/file-not-found` when unknown. Audited as `file.references-update`.' +
            API_TOKEN_CALLERS,
        ),
        params: FileUidParams,
        body: ReferencesBody,
        response: { 200: StoredFile, ...problems(400, 401, 404, 429) },
      },
    },
    async (request) => replaceReferencesAsSent(db, request.params.uid, request.body, auditContextOf(request)),
  );

  app.get(
    '/statistics/',
    {
      config: { permission: 'files:read' },
      schema: {
        ...describe(
          'The dashboard figures: files stored and their total size',
          'How many files are stored, and their sizes added up in bytes. Only panel users.',
        ),
        response: { 200: FileStatistics, ...problems(401, 403) },
      },
    },
    async () => fileStatistics(db),
  );
}

/** What staff correct in the panel: rename and describe, re-reference, delete (also several at once), and the inline preview. */
export function fileChangeRoutes(app: ServiceApp, { db, storage }: FileRoutesContext) {
  app.patch(
    '/files/:uid/',
    {
      config: { permission: 'files:write' },
      schema: {
        ...describe(
          "Change a file's name, description or references",
          'Takes {name?, description?, references?} (at least one), validated as in an upload; references replace the stored ones. 404 ' +
            '`/problems/file-not-found` when unknown. Only panel users. Audited as `file.update` with the changed fields (none changed: no event).',
        ),
        params: FileUidParams,
        body: FileMetaPatch,
        response: { 200: StoredFile, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { references, ...rest } = request.body;
      const patch = {
        ...rest,
        ...(references && { references: references.map(({ name, value }) => ({ name, value })) }),
      };
      return toStoredFile(await updateFileMeta(db, request.params.uid, patch, auditContextOf(request)));
    },
  );

  app.delete(
    '/files/:uid/',
    {
      config: { permission: 'files:write' },
      schema: {
        ...describe(
          'Delete a file',
          'Removes its record, then its stored bytes: a failed removal of the bytes leaves an orphan blob (logged), never a record ' +
            'without its bytes. 404 `/problems/file-not-found` when unknown. Only panel users. Audited as `file.delete`.',
        ),
        params: FileUidParams,
        response: { 204: { type: 'null', description: 'Deleted' }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteFile({ db, storage, log: request.log }, request.params.uid, auditContextOf(request));
      return reply.code(204).send();
    },
  );

  app.post(
    '/files/delete/',
    {
      config: { permission: 'files:write' },
      schema: {
        ...describe(
          'Delete several files',
          'Takes {uids} (1–100, each once); deletes every existing file among them in one transaction and answers which were deleted and ' +
            'which no file has (those are not an error). Only panel users. One `file.delete` event per file.',
        ),
        body: DeleteFilesBody,
        response: { 200: DeletedFiles, ...problems(400, 401, 403) },
      },
    },
    async (request) => deleteFiles({ db, storage, log: request.log }, request.body.uids, auditContextOf(request)),
  );

  app.get(
    '/preview/:uid/',
    {
      config: { permission: 'files:read' },
      schema: {
        ...describe(
          'Show a file inline',
          `Only ${PREVIEW_CONTENT_TYPES.join(', ')} whose first bytes are of that type; anything else (SVG never: it can carry script) is 415 ` +
            "`/problems/not-previewable` naming `content_type`. The bytes carry Content-Disposition: inline with the download's hardening " +
            "(nosniff, no-store, the safe file name) and Content-Security-Policy `default-src 'none'; sandbox` for images, " +
            "`default-src 'none'; frame-ancestors 'self'` for PDFs (Chromium's PDF viewer does not start in a sandboxed document). " +
            '404 `/problems/file-not-found` when unknown. Only panel users.',
        ),
        params: FileUidParams,
        response: { 200: PREVIEW, ...problems(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      const file = await findFile(db, request.params.uid);
      const body = await previewBody(storage, file);
      return reply.headers(previewHeaders(file)).send(body);
    },
  );
}
