import type { Db } from '../db';
import { auditContextOf } from '../shared/audit';
import { problems } from '../../contracts/common';
import { BEARER, type ServiceApp } from '../shared/service';
import type { BlobStorage } from '../storage';
import { deleteFile, deleteFiles } from './delete';
import { downloadHeaders, servedRange } from './download';
import { PREVIEW_CONTENT_TYPES, previewBody, previewHeaders } from './preview';
import { replaceReferencesAsSent } from './references';
import { DeletedFiles, DeleteFilesBody, FileMetaPatch, FilePage, FileSearch, FileStatistics, FileUidParams, ReferencesBody, StoredFile } from '../../contracts/files';
import { readFileSearch } from './schemas';
import { searchFiles } from './search';
import { fileStatistics } from './statistics';
import { findFile, insertUploadedFile, toStoredFile, updateFileMeta } from './store';
import { receiveUpload } from './upload';

interface FileRoutesContext {
  db: Db;
  storage: BlobStorage;
  maxUploadBytes: number;
}

const TAGS = ['files'];
const BINARY = { description: "The file's bytes (or the requested range)", content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };
const PREVIEW = { description: "The file's bytes, to show inline", content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };
const describe = (summary: string, description?: string) => ({ tags: TAGS, summary, security: BEARER, ...(description ? { description } : {}) });

/** Search, upload and download also admit an API token of the file service. */
export function fileRoutes(app: ServiceApp, context: FileRoutesContext) {
  fileReadRoutes(app, context);
  fileChangeRoutes(app, context);
}

function fileReadRoutes(app: ServiceApp, { db, storage, maxUploadBytes }: FileRoutesContext) {
  app.get(
    '/search/',
    {
      config: { auth: 'apiTokenOrUser', permission: 'files:read' },
      schema: {
        ...describe('Search files', 'Case-insensitive substring search on name, description and reference values; paged and sorted.'),
        querystring: FileSearch.querystring,
        response: { 200: FilePage, ...problems(400, 401) },
      },
    },
    async (request) => searchFiles(db, readFileSearch(request.query)),
  );

  app.post(
    '/upload/',
    {
      config: { auth: 'apiTokenOrUser', permission: 'files:write' },
      // @fastify/multipart traces its busboy options, request headers (the Authorization token) included
      logLevel: 'debug',
      schema: {
        ...describe('Upload a file', 'multipart/form-data with a `meta` part (JSON {name, description, references?}) and a `file` part, in either order.'),
        consumes: ['multipart/form-data'],
        response: { 201: StoredFile, ...problems(400, 401, 413, 415) },
      },
    },
    async (request, reply) => {
      try {
        const row = await receiveUpload(request, { storage, maxBytes: maxUploadBytes }, (upload) => insertUploadedFile(db, upload, auditContextOf(request)));
        reply.code(201);
        return toStoredFile(row);
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
        ...describe('Download a file', 'Supports one byte range (Range: bytes=first-last, first- or -suffix).'),
        params: FileUidParams,
        response: { 200: BINARY, 206: BINARY, ...problems(400, 401, 404, 416) },
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
    { config: { auth: 'apiTokenOrUser', permission: 'files:read' }, schema: { ...describe('One file'), params: FileUidParams, response: { 200: StoredFile, ...problems(400, 401, 404) } } },
    async (request) => toStoredFile(await findFile(db, request.params.uid)),
  );

  app.put(
    '/files/:uid/references/',
    {
      config: { auth: 'apiTokenOrUser', permission: 'files:write' },
      schema: {
        ...describe("Replace a file's references", 'Takes {references}, or the file as GET returns it (its other fields unchanged) with the new meta.references.'),
        params: FileUidParams,
        body: ReferencesBody,
        response: { 200: StoredFile, ...problems(400, 401, 404) },
      },
    },
    async (request) => replaceReferencesAsSent(db, request.params.uid, request.body, auditContextOf(request)),
  );

  app.get(
    '/statistics/',
    { config: { permission: 'files:read' }, schema: { ...describe('The dashboard figures: files stored and their total size'), response: { 200: FileStatistics, ...problems(401, 403) } } },
    async () => fileStatistics(db),
  );
}

/** What staff correct in the panel: rename and describe, re-reference, delete (also several at once), and the inline preview. */
function fileChangeRoutes(app: ServiceApp, { db, storage }: FileRoutesContext) {
  app.patch(
    '/files/:uid/',
    {
      config: { permission: 'files:write' },
      schema: {
        ...describe("Change a file's name, description or references", 'Takes {name?, description?, references?} (at least one), validated as in an upload; references replace the stored ones.'),
        params: FileUidParams,
        body: FileMetaPatch,
        response: { 200: StoredFile, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { references, ...rest } = request.body;
      const patch = { ...rest, ...(references && { references: references.map(({ name, value }) => ({ name, value })) }) };
      return toStoredFile(await updateFileMeta(db, request.params.uid, patch, auditContextOf(request)));
    },
  );

  app.delete(
    '/files/:uid/',
    {
      config: { permission: 'files:write' },
      schema: { ...describe('Delete a file', 'Removes its record and its stored bytes.'), params: FileUidParams, response: { 204: { type: 'null', description: 'Deleted' }, ...problems(400, 401, 403, 404) } },
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
        ...describe('Delete several files', 'Takes {uids} (1–100); answers which were deleted and which no file has (those are not an error).'),
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
        ...describe('Show a file inline', `Only ${PREVIEW_CONTENT_TYPES.join(', ')} whose bytes are of that type; anything else is 415 /problems/not-previewable.`),
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
