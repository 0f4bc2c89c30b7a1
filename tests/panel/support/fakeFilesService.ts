import type { Static } from '@sinclair/typebox';
import { http, HttpResponse } from 'msw';
import { beforeEach } from 'vitest';
import type { ApiTokenResponse, NewApiToken } from '../../../contracts/api-tokens';
import type { ProblemResponse } from '../../../contracts/common';
import type {
  DeletedFiles,
  DeleteFilesBody,
  FileMetaPatchValue,
  FilePage,
  StoredFileResponse,
  UploadMetaValue,
} from '../../../contracts/files';
import { withFakeBackend } from './backend';
import { ADMIN_UID, testConfig } from './fakeAuthService';
import { formDataOf } from './multipart';

export const FILE_UID = 'f0000000-0000-4000-8000-000000000001';
export const TOKEN_UID = 't0000000-0000-4000-8000-000000000001';
export const REVOKED_TOKEN_UID = 't0000000-0000-4000-8000-000000000002';

const initialFiles = (): StoredFileResponse[] => [
  {
    uid: FILE_UID,
    meta: {
      name: 'contract-2026.pdf',
      description: 'Signed service contract',
      uploaded: 1_767_268_800,
      content_type: 'application/pdf',
      references: [
        { name: 'Customer', value: 'C-1' },
        { name: 'LegacyCustomer', value: 'C-OLD' },
        { name: 'ServiceContract', value: 'SC-9' },
      ],
    },
    stored_binary: { md5_hash: 'abc', size: 1536 },
  },
  {
    uid: 'f0000000-0000-4000-8000-000000000002',
    meta: {
      name: 'hours.csv',
      description: 'Hours of January',
      uploaded: 1_767_000_000,
      // a parameter the service drops from what it stores (contracts/files.ts), kept so that the screens and the export meet one
      content_type: 'text/csv; charset=utf-8',
      references: [],
    },
    stored_binary: { md5_hash: 'def', size: 512 },
  },
  {
    uid: 'f0000000-0000-4000-8000-000000000003',
    meta: {
      name: 'notes.bin',
      description: 'Raw notes',
      uploaded: 1_766_000_000,
      content_type: 'application/octet-stream',
      references: [{ name: 'LegacyCaregiver', value: 'G-7' }],
    },
    stored_binary: { md5_hash: 'ghi', size: 3 * 1024 * 1024 * 1024 },
  },
];

const initialTokens = (): ApiTokenResponse[] => [
  {
    uid: TOKEN_UID,
    created: 1_767_268_800,
    created_by: ADMIN_UID,
    service: 'billing-export',
    last_four: 'a1b2',
    expires: null,
    revoked: null,
    revoked_by: null,
  },
  {
    uid: REVOKED_TOKEN_UID,
    created: 1_767_000_000,
    created_by: 'ffffffff-ffff-4fff-8fff-ffffffffffff',
    service: 'old-portal',
    last_four: null,
    expires: 1_900_000_000,
    revoked: 1_767_100_000,
    revoked_by: ADMIN_UID,
  },
];

interface FilesRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A problem of type about:blank, which the panel has no text for: it shows the detail the test gives. */
const problem = (status: number, title: string, detail: string, field?: string) =>
  HttpResponse.json(
    { type: 'about:blank', title, status, detail, ...(field ? { field } : {}) } satisfies ProblemResponse,
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

/** An in-memory file service (search, upload, download) and the token administration of both services. */
export function createFakeFilesService() {
  const files = initialFiles();
  const tokens = { files: initialTokens(), pricing: initialTokens().slice(0, 1) };
  const requests: FilesRequest[] = [];
  const state = {
    uploadProblem: null as null | Response,
    tokenProblem: null as null | Response,
    /** Answers every rename, edit or delete when set. */
    changeProblem: null as null | Response,
    /** While set, an upload waits for it before it answers (a long upload). */
    uploadGate: null as null | Promise<void>,
  };
  let counter = 0;

  const log = (request: Request, body: unknown = null) => {
    const url = new URL(request.url);
    requests.push({ method: request.method, path: url.pathname, query: url.searchParams, body });
  };

  const tokenHandlers = (service: 'files' | 'pricing', base: string) => [
    http.get(`${base}/administration/access-tokens/`, ({ request }) => {
      log(request);
      return HttpResponse.json(tokens[service]);
    }),
    http.post(`${base}/administration/access-tokens/`, async ({ request }) => {
      const body = (await request.json()) as NewApiToken;
      log(request, body);
      if (state.tokenProblem) return state.tokenProblem.clone();
      counter += 1;
      const created: ApiTokenResponse = {
        uid: `n${counter}`,
        created: Math.floor(Date.now() / 1000),
        created_by: ADMIN_UID,
        service: body.service,
        last_four: body.token.slice(-4),
        expires: body.expires ?? null,
        revoked: null,
        revoked_by: null,
      };
      tokens[service].unshift(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.delete(`${base}/administration/access-tokens/:uid/`, ({ request, params }) => {
      log(request);
      if (state.tokenProblem) return state.tokenProblem.clone();
      tokens[service] = tokens[service].filter((token) => token.uid !== params.uid);
      return new HttpResponse(null, { status: 204 });
    }),
    http.put(`${base}/administration/access-tokens/:uid/revoke/`, ({ request, params }) => {
      log(request);
      if (state.tokenProblem) return state.tokenProblem.clone();
      const token = tokens[service].find((candidate) => candidate.uid === params.uid);
      if (!token) return problem(404, 'Not Found', 'No such token.');
      token.revoked = Math.floor(Date.now() / 1000);
      token.revoked_by = ADMIN_UID;
      return HttpResponse.json(token);
    }),
  ];

  const handlers = [
    http.get(`${testConfig.filesUrl}/search/`, ({ request }) => {
      log(request);
      const query = new URL(request.url).searchParams;
      const page = Number(query.get('page') ?? 1);
      const size = Number(query.get('page_size') ?? 10);
      const items = files.slice((page - 1) * size, page * size);
      // like the service: counted up to past 1,000 and past the page, unless exact_total=true
      const limit = Math.max(1000, page * size) + 1;
      const capped = query.get('exact_total') !== 'true' && files.length >= limit;
      return HttpResponse.json({
        items,
        previous_page: page > 1 ? page - 1 : null,
        next_page: page * size < files.length ? page + 1 : null,
        total: capped ? limit : files.length,
        total_is_lower_bound: capped,
      } satisfies Static<typeof FilePage>);
    }),
    http.post(`${testConfig.filesUrl}/upload/`, async ({ request }) => {
      const form = await formDataOf(request);
      const parts = [...form.keys()];
      const metaPart = form.get('meta');
      const meta = JSON.parse(typeof metaPart === 'string' ? metaPart : '{}') as UploadMetaValue;
      const file = form.get('file') as File;
      log(request, { parts, meta, fileName: file?.name, fileText: file ? await file.text() : null });
      if (state.uploadGate) await state.uploadGate;
      if (state.uploadProblem) return state.uploadProblem.clone();
      counter += 1;
      const stored: StoredFileResponse = {
        uid: `u${counter}`,
        meta: {
          name: meta.name,
          description: meta.description,
          uploaded: Math.floor(Date.now() / 1000),
          content_type: file.type,
          references: [],
        },
        stored_binary: { md5_hash: 'x', size: file.size },
      };
      files.unshift(stored);
      return HttpResponse.json(stored, { status: 201 });
    }),
    http.get(`${testConfig.filesUrl}/download/:uid/`, ({ request, params }) => {
      log(request, { authorization: request.headers.get('authorization') });
      const file = files.find((candidate) => candidate.uid === params.uid);
      if (!file) return problem(404, 'Not Found', 'No such file.');
      return new HttpResponse(new Uint8Array([1, 2, 3, 250]), {
        headers: {
          'content-type': file.meta.content_type,
          'content-disposition': `attachment; filename="contract.pdf"; filename*=UTF-8''${encodeURIComponent(file.meta.name)}`,
        },
      });
    }),
    http.patch(`${testConfig.filesUrl}/files/:uid/`, async ({ request, params }) => {
      const body = (await request.json()) as FileMetaPatchValue;
      log(request, body);
      if (state.changeProblem) return state.changeProblem.clone();
      const file = files.find((candidate) => candidate.uid === params.uid);
      if (!file) return problem(404, 'Not Found', 'No file has this uid.', 'uid');
      Object.assign(file.meta, body);
      return HttpResponse.json(file);
    }),
    http.delete(`${testConfig.filesUrl}/files/:uid/`, ({ request, params }) => {
      log(request);
      if (state.changeProblem) return state.changeProblem.clone();
      const index = files.findIndex((candidate) => candidate.uid === params.uid);
      if (index === -1) return problem(404, 'Not Found', 'No file has this uid.', 'uid');
      files.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(`${testConfig.filesUrl}/files/delete/`, async ({ request }) => {
      const { uids } = (await request.json()) as Static<typeof DeleteFilesBody>;
      log(request, { uids });
      if (state.changeProblem) return state.changeProblem.clone();
      const deleted = uids.filter((uid) => files.some((file) => file.uid === uid));
      files.splice(0, files.length, ...files.filter((file) => !deleted.includes(file.uid)));
      return HttpResponse.json({
        deleted,
        not_found: uids.filter((uid) => !deleted.includes(uid)),
      } satisfies Static<typeof DeletedFiles>);
    }),
    http.get(`${testConfig.filesUrl}/preview/:uid/`, ({ request, params }) => {
      log(request, { authorization: request.headers.get('authorization') });
      const file = files.find((candidate) => candidate.uid === params.uid);
      if (!file) return problem(404, 'Not Found', 'No file has this uid.', 'uid');
      return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), {
        headers: { 'content-type': 'text/html' },
      });
    }),
    ...tokenHandlers('files', testConfig.filesUrl),
    ...tokenHandlers('pricing', testConfig.pricingUrl),
  ];

  const hits = (method: string, path: string) =>
    requests.filter((request) => request.method === method && request.path === path);
  return { files, tokens, requests, state, handlers, hits, problem };
}

export type FakeFilesService = ReturnType<typeof createFakeFilesService>;

/** The fake auth backend plus a fresh fake files/pricing service per test. */
export function withFakeFilesBackend() {
  const backend = withFakeBackend();
  let files: FakeFilesService;
  beforeEach(() => {
    files = createFakeFilesService();
    backend.server.use(...files.handlers);
  });
  return {
    backend,
    get files() {
      return files;
    },
  };
}
