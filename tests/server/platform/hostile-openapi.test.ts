import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type {} from '@fastify/swagger';
import { INTAKE, validForm } from '../../fixtures/care-form';
import { FILES, PRICING, createFilesTestApp, upload } from '../support/files-helpers';
import { AUTH, testConfig } from '../support/helpers';
import { MAIL, addAccount, addProvider, sendMail } from '../support/mail-helpers';
import { inBatches } from '../support/server-process';
import {
  headerCases,
  jsonCases,
  operationsOf,
  pathCases,
  queryCases,
  type Fixtures,
  type HostileCase,
} from './hostile/cases';
import { multipartCases, part } from './hostile/multipart';
import { seededRandom } from './hostile/values';

/**
 * Hostile input generated from the served OpenAPI document: for every operation, wrong types, nulls, huge values, control and
 * unicode characters, non-finite and boundary numbers for each body, query and path field; malformed JSON and multipart;
 * odd path segments; mostly as the administrator, some without or with a garbage Authorization header. Every answer must be
 * below 500, every 4xx a problem body, no answer may show a secret, and no request may hang. The seed is fixed: every run sends the same cases.
 */

const SEED = 20261124;
const REQUEST_TIMEOUT_MS = 15_000;
const PARALLEL = 4;

let t: Awaited<ReturnType<typeof createFilesTestApp>>;
let cases: HostileCase[] = [];
let tokens: { admin: string; deputy: string };

beforeAll(async () => {
  const defaults = testConfig();
  t = await createFilesTestApp({
    throttle: { ...defaults.throttle, userAddressMaxFailures: 0, apiTokenMaxFailures: 0 },
    care: { ...defaults.care, intakeRateLimit: 1_000_000 },
  });
  const fixtures = await createFixtures();
  const deputy = await t.createUser({ roles: ['administrator'] });
  tokens = { admin: await t.adminToken(), deputy: (await t.signIn(deputy.username, deputy.password)).access_token };
  cases = generateCases(fixtures);
}, 120_000);
afterAll(() => t?.cleanUp());

/** Objects for the path parameters and references of bodies, so a hostile field gets past "not found" to the code behind. */
async function createFixtures(): Promise<Fixtures> {
  const victim = await t.createUser({ roles: ['caregiver'] });
  const provider = await addProvider(t, { port: 2525 });
  const account = await addAccount(t, {
    expression: '@hostile\\.example$',
    provider: { uid: provider.uid },
    credentials: null,
  });
  const file = (await upload(t)).json<{ uid: string }>();
  const mail = await sendMail(t);
  const token = async (base: string) =>
    (
      await t.as({
        method: 'POST',
        url: `${base}/administration/access-tokens/`,
        payload: { service: 'hostile', token: `hostile-${base.length}-token` },
      })
    ).json<{ uid: string }>().uid;
  const uids: [string, string][] = [
    [`${AUTH}/administration/users/`, victim.domain_user.uid],
    [`${MAIL}/administration/providers/`, provider.uid],
    [`${MAIL}/administration/accounts/`, account.uid],
    [`${MAIL}/administration/mails/`, mail],
    [`${FILES}/download/`, file.uid],
    [`${FILES}/files/`, file.uid],
    [`${FILES}/administration/access-tokens/`, await token(FILES)],
    [`${PRICING}/administration/access-tokens/`, await token(PRICING)],
  ];
  const random = seededRandom(SEED + 1);
  return {
    uidFor: (template) => uids.find(([prefix]) => template.startsWith(prefix))?.[1] ?? random.uuid(),
    form: validForm(),
    fields: {
      uids: [victim.domain_user.uid],
      sender: 'office@hostile.example',
      to: ['anna@example.org'],
      cc: [],
      provider: { uid: provider.uid },
      port: 2525,
      expression: '@hostile\\.example$',
      credentials: null,
      references: [{ name: 'Customer', value: 'C-1' }],
      roles: ['caregiver'],
      expires: null,
      // the references body may repeat what GET returned; the generator sends only the references
      meta: undefined,
      stored_binary: undefined,
    },
  };
}

function generateCases(fixtures: Fixtures): HostileCase[] {
  const random = seededRandom(SEED);
  const operations = operationsOf(t.app.swagger() as never);
  const generated = operations.flatMap((operation) => [
    ...jsonCases(operation, fixtures, random),
    ...queryCases(operation, fixtures, random),
    ...pathCases(operation, fixtures, random),
    ...headerCases(operation, fixtures, random),
  ]);
  let address = 0;
  const remoteAddress = () => `10.99.${(++address >> 8) & 255}.${address & 255}`;
  const form = Object.entries(fixtures.form).map(([name, value]) => part(name, value));
  const meta = part('meta', JSON.stringify({ name: 'hostile.txt', description: 'a hostile upload' }));
  const file = part('file', 'file content', 'hostile.txt', 'Content-Type: text/plain\r\n');
  return [
    ...generated,
    ...multipartCases(INTAKE, INTAKE, form, random, { auth: () => 'none', remoteAddress }),
    ...multipartCases(`${FILES}/upload/`, `${FILES}/upload/`, [meta, file], random, { hostileFields: ['meta'] }),
    ...signInCases(),
  ];
}

/** Basic credentials that are not what a sign-in takes. */
function signInCases(): HostileCase[] {
  const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
  const headers = [
    'Basic',
    'Basic !!!',
    'Basic =',
    basic('no-colon'),
    basic(':'),
    basic('\u0000:\u0000'),
    basic(`${'u'.repeat(10_000)}:p`),
    basic('admin:\ud800'),
    basic('\u202eadmin:x'),
    `Basic ${'A'.repeat(20_000)}`,
    'Bearer',
    'Bearer a.b.c',
    'Negotiate abc',
    'basic YTpi',
    'Basic YTpi YTpi',
  ];
  return headers.map((authorization, index) => ({
    name: `POST ${AUTH}/token/ hostile credentials #${index}`,
    auth: 'none' as const,
    request: { method: 'POST', url: `${AUTH}/token/`, headers: { authorization }, remoteAddress: `10.98.0.${index}` },
  }));
}

const GARBAGE_AUTHORIZATION = [
  'Bearer garbage',
  `Bearer ${'a'.repeat(10_000)}`,
  'Bearer eyJhbGciOiJub25lIn0.e30.',
  'Basic !!!',
  'Token x',
  'Bearer \u0000',
];

function requestOf(hostile: HostileCase, index: number): InjectOptions {
  const token = hostile.request.url.startsWith(`${AUTH}/update-password-authentication/`)
    ? tokens.deputy
    : tokens.admin;
  const authorization =
    hostile.auth === 'admin'
      ? `Bearer ${token}`
      : hostile.auth === 'garbage'
        ? GARBAGE_AUTHORIZATION[index % GARBAGE_AUTHORIZATION.length]
        : undefined;
  return {
    ...hostile.request,
    headers: { ...hostile.request.headers, ...(authorization ? { authorization } : {}) },
  };
}

async function injectWithin(request: InjectOptions): Promise<LightMyRequestResponse | 'hung'> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), REQUEST_TIMEOUT_MS)));
  try {
    return await Promise.race([t.inject(request), hung]);
  } finally {
    clearTimeout(timer);
  }
}

/** The body as the client reads it: a large answer comes compressed when a case's Accept-Encoding allowed it. */
function decodedBody(response: LightMyRequestResponse): string {
  const encoding = String(response.headers['content-encoding'] ?? 'identity');
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  if (encoding === 'deflate') return inflateSync(response.rawPayload).toString('utf8');
  return response.body;
}

/** What is wrong with an answer, or undefined. */
function defectOf(response: LightMyRequestResponse | 'hung'): string | undefined {
  if (response === 'hung') return `no answer within ${REQUEST_TIMEOUT_MS} ms`;
  if (response.statusCode >= 500) return `${response.statusCode}: ${response.body.slice(0, 300)}`;
  if (response.statusCode < 400) return undefined;
  const contentType = String(response.headers['content-type']);
  if (!/^application\/problem\+json/.test(contentType))
    return `${response.statusCode} without a problem body: ${contentType} ${response.body.slice(0, 200)}`;
  let problem: Record<string, unknown>;
  try {
    problem = JSON.parse(decodedBody(response)) as Record<string, unknown>;
  } catch {
    return `${response.statusCode} with a problem content type but no JSON (${response.headers['content-encoding'] ?? 'identity'}): ${response.body.slice(0, 200)}`;
  }
  const complete =
    typeof problem.type === 'string' &&
    typeof problem.title === 'string' &&
    problem.status === response.statusCode &&
    typeof problem.detail === 'string';
  return complete ? undefined : `${response.statusCode} with an incomplete problem: ${response.body.slice(0, 300)}`;
}

test('every operation of the OpenAPI document: no 5xx, every 4xx a problem body, no hang', async () => {
  const operations = operationsOf(t.app.swagger() as never);
  expect(operations.length).toBeGreaterThanOrEqual(40);
  expect(cases.length).toBeGreaterThanOrEqual(5_000);
  const covered = new Set(cases.map((hostile) => hostile.name.split(' ').slice(0, 2).join(' ')));
  for (const operation of operations)
    expect(covered, 'every operation has cases').toContain(`${operation.method} ${operation.template}`);

  const defects: string[] = [];
  const statuses = new Map<number, number>();
  await inBatches(
    cases.map((hostile, index) => ({ hostile, index })),
    PARALLEL,
    async ({ hostile, index }) => {
      const response = await injectWithin(requestOf(hostile, index));
      if (response !== 'hung') statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const defect = defectOf(response);
      if (defect) defects.push(`${hostile.name} (${hostile.auth}): ${defect}`);
    },
  );

  expect(defects.slice(0, 40), `${defects.length} defects of ${cases.length} cases`).toEqual([]);
  // the run reached past authentication and validation: successes and several kinds of refusal
  expect(statuses.get(200) ?? 0).toBeGreaterThan(50);
  expect(statuses.get(400) ?? 0).toBeGreaterThan(2_000);
  expect(statuses.get(401) ?? 0).toBeGreaterThan(100);
  expect(await t.responsesShowingSecrets(), 'no answer shows a password, a password hash or a token hash').toEqual([]);
  // the administrator survived the run
  expect(
    (await t.app.inject({ method: 'GET', url: `${AUTH}/info/`, headers: { authorization: `Bearer ${tokens.admin}` } }))
      .statusCode,
  ).toBe(200);
}, 180_000);
