import type { FastifyInstance, FastifyBaseLogger, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { Authenticator } from '../auth';
import { problems } from '../shared/schemas';
import type { Db } from '../db';
import { badRequest, HttpProblem, notFound, problemType } from '../shared/problem';
import { assertReadOnly, assertSameUid } from '../shared/read-only';
import type { BlobStorage } from '../storage';
import { contentDisposition, rangeRequest } from './download';
import { findFile, insertFile, replaceReferences, toStoredFile, type FileRow } from './repository';
import {
  FilePage,
  FileUidParams,
  Filters,
  ReferencesBody,
  SearchQuery,
  StoredFile,
  type FiltersValue,
  type ReferencesBodyValue,
  type ReferenceValue,
  type SortKey,
} from './schemas';
import { neighbourPages, searchFiles } from './search';
import { receiveUpload, type ReceivedUpload } from './upload';

export type FilesApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

export interface FileRoutesContext {
  db: Db;
  storage: BlobStorage;
  maxUploadBytes: number;
  /** Admits a panel user's access token or an API access token of the file service. */
  authenticate: Authenticator;
  tags: string[];
}

const BEARER = [{ bearer: [] }];
const filtersChecker = TypeCompiler.Compile(Filters);
const fileNotFound = () => notFound('No file has this uid.', 'uid', 'file-not-found');

export function parseFilters(raw: string | undefined): FiltersValue {
  if (!raw?.trim()) return {};
  let filters: unknown;
  try {
    filters = JSON.parse(raw);
  } catch {
    throw badRequest('filters is not valid JSON.', 'filters', 'invalid-filters');
  }
  if (filtersChecker.Check(filters)) return filters;
  const error = filtersChecker.Errors(filters).First();
  throw badRequest(`filters${error?.path.replaceAll('/', '.') ?? ''}: ${error?.message.toLowerCase() ?? 'invalid'}`, 'filters', 'invalid-filters');
}

async function existingFile(db: Db, uid: string): Promise<FileRow> {
  const row = await findFile(db, uid);
  if (!row) throw fileNotFound();
  return row;
}

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
  for (const field of ['name', 'description', 'uploaded', 'content_type'] as const) assertReadOnly(`meta.${field}`, meta?.[field], current.meta[field]);
  assertReadOnly('stored_binary.md5_hash', binary?.md5_hash, current.stored_binary.md5_hash);
  assertReadOnly('stored_binary.size', binary?.size, current.stored_binary.size);
  return references;
}

const BINARY = { description: "The file's bytes (or the requested range)", content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };

export function fileRoutes(app: FilesApp, { db, storage, maxUploadBytes, authenticate, tags }: FileRoutesContext) {
  const describe = (summary: string, description?: string) => ({ tags, summary, security: BEARER, ...(description ? { description } : {}) });

  app.get(
    '/search/',
    {
      onRequest: authenticate,
      schema: {
        ...describe('Search files', 'Case-insensitive substring search on name, description and reference values; paged and sorted.'),
        querystring: SearchQuery,
        response: { 200: FilePage, ...problems(400, 401) },
      },
    },
    async (request) => {
      const { page = 1, page_size: pageSize = 10, sort_by = 'uploaded', ordering = 'des', query } = request.query;
      const filters = parseFilters(request.query.filters);
      const params = { page, pageSize, sortBy: sort_by as SortKey, ordering: ordering as 'asc' | 'des', query, filters };
      const { rows, total } = await searchFiles(db, params);
      return { items: rows.map(toStoredFile), ...neighbourPages(page, pageSize, total), total };
    },
  );

  app.post(
    '/upload/',
    {
      onRequest: authenticate,
      // @fastify/multipart traces its busboy options, request headers (the Authorization token) included
      logLevel: 'debug',
      schema: {
        ...describe('Upload a file', 'multipart/form-data with a `meta` part (JSON {name, description, references?}) and a `file` part, in either order.'),
        consumes: ['multipart/form-data'],
        response: { 201: StoredFile, ...problems(400, 401, 413, 415) },
      },
    },
    async (request, reply) => {
      const save = (upload: ReceivedUpload) =>
        insertFile(db, {
          uid: upload.uid,
          name: upload.meta.name,
          description: upload.meta.description,
          references: upload.meta.references ?? [],
          contentType: upload.contentType,
          md5Hash: upload.md5Hash,
          size: upload.size,
          storageKey: upload.uid,
        });
      try {
        const row = await receiveUpload(request, { storage, maxBytes: maxUploadBytes }, save);
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
      onRequest: authenticate,
      schema: {
        ...describe('Download a file', 'Supports one byte range (Range: bytes=first-last, first- or -suffix).'),
        params: FileUidParams,
        response: { 200: BINARY, 206: BINARY, ...problems(400, 401, 404, 416) },
      },
    },
    async (request, reply) => {
      const file = await existingFile(db, request.params.uid);
      const etag = `"${file.md5Hash}"`;
      const ifRange = request.headers['if-range'];
      const wanted = rangeRequest(request.headers.range, file.size, typeof ifRange === 'string' ? ifRange : undefined, etag);
      reply.headers({
        'accept-ranges': 'bytes',
        etag,
        'content-disposition': contentDisposition(file.name),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control': 'private, no-cache',
      });
      if (wanted.kind === 'unsatisfiable') {
        throw new HttpProblem(416, 'Range Not Satisfiable', `The file has ${file.size} bytes.`, {
          type: problemType('range-not-satisfiable'),
          headers: { 'content-range': `bytes */${file.size}` },
        });
      }
      const range = wanted.kind === 'partial' ? wanted.range : undefined;
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
    { onRequest: authenticate, schema: { ...describe('One file'), params: FileUidParams, response: { 200: StoredFile, ...problems(400, 401, 404) } } },
    async (request) => toStoredFile(await existingFile(db, request.params.uid)),
  );

  app.put(
    '/files/:uid/references/',
    {
      onRequest: authenticate,
      schema: {
        ...describe("Replace a file's references", 'Takes {references}, or the file as GET returns it (its other fields unchanged) with the new meta.references.'),
        params: FileUidParams,
        body: ReferencesBody,
        response: { 200: StoredFile, ...problems(400, 401, 404) },
      },
    },
    async (request) => {
      const { uid } = request.params;
      const references = referencesToStore(request.body, await existingFile(db, uid), uid);
      const row = await replaceReferences(db, uid, references);
      if (!row) throw fileNotFound();
      return toStoredFile(row);
    },
  );
}
