import { readFileSync } from 'node:fs';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { PROBLEM_TYPES } from '../../../contracts/problem-types';
import { FILES, PRICING, createFilesTestApp, multipart, uploadForm, type StoredFile } from '../support/files-helpers';
import { AUTH, basic, bearer } from '../support/helpers';
import { MAIL, addProvider } from '../support/mail-helpers';

/** Every problem the services send carries a stable type of contracts/problem-types.ts, which docs/api.md lists; only a 500 is about:blank. */

let t: Awaited<ReturnType<typeof createFilesTestApp>>;
let adminUid: string;
let file: StoredFile;
let providerUid: string;
const seen = new Set<string>();

beforeAll(async () => {
  t = await createFilesTestApp();
  adminUid = (await t.as({ method: 'GET', url: `${AUTH}/info/` })).json<{ uid: string }>().uid;
  file = (await t.as({ method: 'POST', url: `${FILES}/upload/`, ...uploadForm() })).json<StoredFile>();
  providerUid = (await addProvider(t, { port: 2525 })).uid;
});
afterAll(() => t?.cleanUp());

const UNKNOWN = '00000000-0000-4000-8000-0000000000ff';
const json = (method: InjectOptions['method'], url: string, payload: unknown) => ({
  method,
  url,
  payload: payload as object,
});

type Case = [type: string, status: number, field: string | undefined, request: () => Promise<LightMyRequestResponse>];

const cases: [string, Case][] = [
  [
    'a schema violation',
    [
      'validation-error',
      400,
      'username',
      () =>
        t.as(
          json('POST', `${AUTH}/administration/users/`, {
            username: 'ab',
            password: 'long-enough',
            public_name: 'Some Name',
            roles: [],
          }),
        ),
    ],
  ],
  [
    'malformed JSON',
    [
      'malformed-body',
      400,
      'body',
      () =>
        t.as({
          method: 'POST',
          url: `${AUTH}/administration/ban-users/`,
          headers: { 'content-type': 'application/json' },
          payload: '{"uids": [',
        }),
    ],
  ],
  [
    'a body over the limit',
    [
      'content-too-large',
      413,
      undefined,
      () => t.as(json('POST', `${MAIL}/send/`, { message: 'x'.repeat(1_100_000) })),
    ],
  ],
  [
    'an unsupported content type',
    [
      'unsupported-media-type',
      415,
      undefined,
      () =>
        t.as({
          method: 'POST',
          url: `${AUTH}/administration/ban-users/`,
          headers: { 'content-type': 'text/csv' },
          payload: 'a,b',
        }),
    ],
  ],
  ['no route', ['not-found', 404, undefined, () => t.as({ method: 'GET', url: `${AUTH}/nothing-here/` })]],
  [
    'no Authorization header',
    ['unauthorized', 401, undefined, () => t.inject({ method: 'GET', url: `${AUTH}/info/` })],
  ],
  [
    'a wrong password',
    [
      'invalid-credentials',
      401,
      undefined,
      () => t.inject({ method: 'POST', url: `${AUTH}/token/`, headers: basic('admin', 'wrong-password') }),
    ],
  ],
  [
    'an unknown refresh token',
    [
      'invalid-refresh-token',
      401,
      undefined,
      () => t.inject({ method: 'POST', url: `${AUTH}/token/`, headers: bearer('no-such-refresh-token') }),
    ],
  ],
  [
    'banning yourself',
    ['self-ban', 400, 'uids', () => t.as(json('POST', `${AUTH}/administration/ban-users/`, { uids: [adminUid] }))],
  ],
  [
    'a taken username',
    [
      'username-taken',
      409,
      'username',
      () =>
        t.as(
          json('POST', `${AUTH}/administration/users/`, {
            username: 'ADMIN',
            password: 'long-enough',
            public_name: 'Some Name',
            roles: [],
          }),
        ),
    ],
  ],
  [
    'an unknown user',
    ['user-not-found', 404, 'uid', () => t.as({ method: 'GET', url: `${AUTH}/administration/users/${UNKNOWN}/` })],
  ],
  [
    'a uid other than the path',
    [
      'read-only-field',
      400,
      'uid',
      () =>
        t.as(
          json('PUT', `${AUTH}/administration/users/${adminUid}/domain-user/`, {
            uid: UNKNOWN,
            public_name: 'Administrator',
            roles: [],
          }),
        ),
    ],
  ],
  [
    'an invalid regular expression',
    [
      'invalid-expression',
      400,
      'expression',
      () =>
        t.as(
          json('POST', `${MAIL}/administration/accounts/`, {
            expression: '(unclosed',
            provider: { uid: providerUid },
            credentials: null,
          }),
        ),
    ],
  ],
  [
    'an unknown provider of an account',
    [
      'unknown-provider',
      400,
      'provider',
      () =>
        t.as(
          json('POST', `${MAIL}/administration/accounts/`, {
            expression: '.*',
            provider: { uid: UNKNOWN },
            credentials: null,
          }),
        ),
    ],
  ],
  [
    'an unknown provider',
    [
      'provider-not-found',
      404,
      'uid',
      () => t.as({ method: 'GET', url: `${MAIL}/administration/providers/${UNKNOWN}/` }),
    ],
  ],
  [
    'an unknown account',
    [
      'account-not-found',
      404,
      'uid',
      () => t.as({ method: 'GET', url: `${MAIL}/administration/accounts/${UNKNOWN}/` }),
    ],
  ],
  [
    'deleting a provider that an account uses',
    [
      'provider-in-use',
      409,
      undefined,
      async () => {
        await t.as(
          json('POST', `${MAIL}/administration/accounts/`, {
            expression: '@in-use\\.example$',
            provider: { uid: providerUid },
            credentials: null,
          }),
        );
        return t.as({ method: 'DELETE', url: `${MAIL}/administration/providers/${providerUid}/` });
      },
    ],
  ],
  [
    'requeueing a mail that did not fail',
    [
      'mail-not-failed',
      404,
      'uids',
      () => t.as(json('POST', `${MAIL}/administration/queue/failed-permanently/requeue/`, { uids: [UNKNOWN] })),
    ],
  ],
  ['an unknown file', ['file-not-found', 404, 'uid', () => t.as({ method: 'GET', url: `${FILES}/files/${UNKNOWN}/` })]],
  [
    'file filters that are not JSON',
    [
      'invalid-filters',
      400,
      'filters',
      () => t.as({ method: 'GET', url: `${FILES}/search/?filters=${encodeURIComponent('{nope')}` }),
    ],
  ],
  [
    'care filters of the wrong shape',
    [
      'invalid-filters',
      400,
      'filters',
      () =>
        t.as({
          method: 'GET',
          url: `/api/care/incoming/care-requests/?filters=${encodeURIComponent('{"uploaded": {}}')}`,
        }),
    ],
  ],
  [
    'an upload without a file',
    [
      'missing-part',
      400,
      'file',
      () =>
        t.as({
          method: 'POST',
          url: `${FILES}/upload/`,
          ...multipart([{ name: 'meta', value: '{"name": "report.pdf", "description": "d"}' }]),
        }),
    ],
  ],
  [
    'an upload with another part',
    [
      'unexpected-part',
      400,
      'extra',
      () => t.as({ method: 'POST', url: `${FILES}/upload/`, ...multipart([{ name: 'extra', value: 'x' }]) }),
    ],
  ],
  [
    'an upload whose meta is not JSON',
    [
      'malformed-body',
      400,
      'meta',
      () => t.as({ method: 'POST', url: `${FILES}/upload/`, ...multipart([{ name: 'meta', value: '{nope' }]) }),
    ],
  ],
  [
    'a preview of a type not shown inline',
    ['not-previewable', 415, 'content_type', () => t.as({ method: 'GET', url: `${FILES}/preview/${file.uid}/` })],
  ],
  [
    'a range past the end',
    [
      'range-not-satisfiable',
      416,
      undefined,
      () => t.as({ method: 'GET', url: `${FILES}/download/${file.uid}/`, headers: { range: 'bytes=999999-' } }),
    ],
  ],
  [
    'an unknown archived care request',
    [
      'care-request-not-found',
      404,
      'uid',
      () => t.as({ method: 'GET', url: `/api/care/archived/care-requests/${UNKNOWN}/` }),
    ],
  ],
  [
    'an expiry in the past',
    [
      'expiry-in-past',
      400,
      'expires',
      () =>
        t.as(
          json('POST', `${PRICING}/administration/access-tokens/`, {
            service: 'billing',
            token: 'expired-token-value-1',
            expires: 1,
          }),
        ),
    ],
  ],
  [
    'an unknown access token',
    [
      'token-not-found',
      404,
      'uid',
      () => t.as({ method: 'DELETE', url: `${PRICING}/administration/access-tokens/${UNKNOWN}/` }),
    ],
  ],
  [
    'a care request carrying a file',
    [
      'files-not-allowed',
      400,
      'body',
      () =>
        t.inject({
          method: 'POST',
          url: '/api/intake/care-request/',
          ...multipart([{ name: 'upload', value: 'x', filename: 'a.txt' }]),
        }),
    ],
  ],
];

test.each(cases)('%s', async (_name, [slug, status, field, request]) => {
  const response = await request();
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const problem = response.json();
  expect(problem).toMatchObject({
    type: `/problems/${slug}`,
    status,
    title: expect.any(String),
    detail: expect.any(String),
  });
  if (field) expect(problem.field).toBe(field);
  seen.add(slug);
});

test('a taken token value and revoking twice have their own types', async () => {
  const payload = { service: 'billing', token: 'taken-token-value-1' };
  const first = await t.as(json('POST', `${PRICING}/administration/access-tokens/`, payload));
  expect((await t.as(json('POST', `${PRICING}/administration/access-tokens/`, payload))).json()).toMatchObject({
    type: '/problems/token-taken',
    status: 409,
    field: 'token',
  });
  const revoke = () =>
    t.as({ method: 'PUT', url: `${PRICING}/administration/access-tokens/${first.json().uid}/revoke/` });
  expect((await revoke()).statusCode).toBe(200);
  expect((await revoke()).json()).toMatchObject({ type: '/problems/token-already-revoked', status: 409 });
  seen.add('token-taken').add('token-already-revoked');
});

test('a missing permission and the last roles manager have their own types', async () => {
  const user = await t.createUser({ roles: ['caregiver'] });
  const token = (await t.signIn(user.username, user.password)).access_token;
  expect((await t.as({ method: 'GET', url: `${AUTH}/administration/users/`, token })).json()).toMatchObject({
    type: '/problems/forbidden',
    status: 403,
    permission: 'users:read',
  });
  const demote = await t.as(
    json('PUT', `${AUTH}/administration/users/${adminUid}/domain-user/`, {
      uid: adminUid,
      public_name: 'Administrator',
      roles: [],
    }),
  );
  expect(demote.json()).toMatchObject({ type: '/problems/last-roles-manager', status: 409 });
  seen.add('forbidden').add('last-roles-manager');
});

test("the contract lists every type seen here, and docs/api.md names exactly the contract's types", () => {
  expect([...seen].filter((slug) => !(PROBLEM_TYPES as readonly string[]).includes(slug))).toEqual([]);
  const reference = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
  const named = new Set([...reference.matchAll(/`\/problems\/([a-z-]+)`/g)].map((match) => match[1]));
  expect([...named].sort()).toEqual([...PROBLEM_TYPES].sort());
});
