import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { apiTokens } from '../../../server/db/schema';
import { hashTokenValue } from '../../../server/api-tokens';
import { bearer } from '../support/helpers';
import { FILES, PRICING, createFilesTestApp, uploadForm, type StoredFile } from '../support/files-helpers';

/** API tokens of both services: administration, and the tokens' use by outside callers. */
let t: Awaited<ReturnType<typeof createFilesTestApp>>;
const logLines: string[] = [];
const responses: string[] = [];
const tokenValues: string[] = [];

beforeAll(async () => {
  // every log line at the most verbose level, to show that no token value is ever logged
  t = await createFilesTestApp({}, { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } });
});
afterAll(() => t?.cleanUp());

interface ApiToken {
  uid: string;
  created: number;
  created_by: string | null;
  service: string;
  last_four: string | null;
  expires: number | null;
  revoked: number | null;
  revoked_by: string | null;
}

const SERVICES = { files: FILES, pricing: PRICING } as const;
type Scope = keyof typeof SERVICES;
const now = () => Math.floor(Date.now() / 1000);
const newValue = () => `${randomBytes(18).toString('base64url')}!#7`;

/** Every request of this file goes through here, so the last test can look for token values in all responses. */
async function call(request: InjectOptions & { token?: string; anonymous?: boolean }): Promise<LightMyRequestResponse> {
  const { anonymous, ...rest } = request;
  const response = anonymous ? await t.inject(rest) : await t.as(rest);
  responses.push(JSON.stringify(response.headers) + response.body);
  return response;
}

async function addToken(
  scope: Scope,
  body: { service?: string; token?: string; expires?: number | null } = {},
  asToken?: string,
) {
  const token = body.token ?? newValue();
  tokenValues.push(token);
  const response = await call({
    method: 'POST',
    url: `${SERVICES[scope]}/administration/access-tokens/`,
    payload: { service: 'billing', ...body, token },
    token: asToken,
  });
  return { response, token, record: response.json<ApiToken>() };
}

const list = async (scope: Scope) =>
  (await call({ method: 'GET', url: `${SERVICES[scope]}/administration/access-tokens/` })).json<ApiToken[]>();
const revoke = (scope: Scope, uid: string, asToken?: string) =>
  call({ method: 'PUT', url: `${SERVICES[scope]}/administration/access-tokens/${uid}/revoke/`, token: asToken });
const remove = (scope: Scope, uid: string) =>
  call({ method: 'DELETE', url: `${SERVICES[scope]}/administration/access-tokens/${uid}/` });
const tokenInfo = (token: string) =>
  call({ method: 'GET', url: `${PRICING}/token-info/`, headers: bearer(token), anonymous: true });
const fileSearch = (token: string) =>
  call({ method: 'GET', url: `${FILES}/search/`, headers: bearer(token), anonymous: true });
const adminUid = async () => (await t.as({ method: 'GET', url: '/api/auth/info/' })).json<{ uid: string }>().uid;

describe('administration', () => {
  test('adding returns the token without its value, created by the signed-in user', async () => {
    const expires = now() + 3600;
    const { response, token } = await addToken('files', { service: 'Billing export', expires });
    expect(response.statusCode).toBe(201);
    const record = response.json<ApiToken>();
    expect(record).toEqual({
      uid: expect.any(String),
      created: expect.any(Number),
      created_by: await adminUid(),
      service: 'Billing export',
      last_four: token.slice(-4),
      expires,
      revoked: null,
      revoked_by: null,
    });
    expect(Math.abs(record.created - now())).toBeLessThan(60);
    expect(response.body).not.toContain(token);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.uid, record.uid));
    expect(row.tokenHash).toBe(hashTokenValue(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  test('the list tells tokens apart by the last four characters of their value, and shows no more of it', async () => {
    const token = `${newValue()}Wx9z`;
    const { record } = await addToken('pricing', { token });
    const listed = (await list('pricing')).find((item) => item.uid === record.uid)!;
    expect(listed.last_four).toBe('Wx9z');
    expect(JSON.stringify(listed)).not.toContain(token.slice(-5));
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.uid, record.uid));
    expect(row.lastFour).toBe('Wx9z');
  });

  test('a token added before the last four were kept lists them as null', async () => {
    const { record } = await addToken('files');
    await t.db.update(apiTokens).set({ lastFour: null }).where(eq(apiTokens.uid, record.uid));
    expect((await list('files')).find((item) => item.uid === record.uid)?.last_four).toBeNull();
  });

  test('a listed token sent back with its revoke is accepted, last_four included', async () => {
    const { record } = await addToken('files');
    const listed = (await list('files')).find((item) => item.uid === record.uid)!;
    const response = await call({
      method: 'PUT',
      url: `${FILES}/administration/access-tokens/${record.uid}/revoke/`,
      payload: listed,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<ApiToken>().last_four).toBe(listed.last_four);
  });

  test('the list is per service, newest first', async () => {
    const first = (await addToken('pricing', { service: 'first' })).record;
    const second = (await addToken('pricing', { service: 'second' })).record;
    const pricing = await list('pricing');
    expect(pricing.map((token) => token.uid).slice(0, 2)).toEqual([second.uid, first.uid]);
    const files = await list('files');
    expect(files.some((token) => token.uid === first.uid)).toBe(false);
  });

  test('no expiry, or null, means never', async () => {
    expect((await addToken('files', {})).record.expires).toBeNull();
    expect((await addToken('files', { expires: null })).record.expires).toBeNull();
  });

  test('an expiry in the past gets 400 field expires', async () => {
    const { response } = await addToken('files', { expires: now() - 10 });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('expires');
  });

  test('a value already stored for the service gets 409 field token; the other service may hold it', async () => {
    const token = newValue();
    expect((await addToken('files', { token })).response.statusCode).toBe(201);
    const again = await addToken('files', { token, service: 'other' });
    expect(again.response.statusCode).toBe(409);
    expect(again.response.json().field).toBe('token');
    expect((await addToken('pricing', { token })).response.statusCode).toBe(201);
  });

  test.each([
    [{ service: '' }, 'service'],
    [{ service: 's'.repeat(129) }, 'service'],
    [{ service: ' padded' }, 'service'],
    [{ token: '' }, 'token'],
    [{ token: 'has space' }, 'token'],
    [{ token: 'ünïcode' }, 'token'],
    [{ token: 't'.repeat(513) }, 'token'],
    [{ expires: 'tomorrow' }, 'expires'],
    [{ expires: 1.5 }, 'expires'],
    [{ colour: 'red' }, 'colour'],
  ])('bad body %j gets 400 field %s', async (body, field) => {
    const response = await call({
      method: 'POST',
      url: `${FILES}/administration/access-tokens/`,
      payload: { service: 'svc', token: newValue(), ...body },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });

  test('revoking records when and by whom, and cannot be repeated or undone', async () => {
    const user = await t.createUser({ roles: ['administrator'] });
    const userToken = (await t.signIn(user.username, user.password)).access_token;
    const { record } = await addToken('pricing');
    const response = await revoke('pricing', record.uid, userToken);
    expect(response.statusCode).toBe(200);
    const revoked = response.json<ApiToken>();
    expect(revoked).toMatchObject({ uid: record.uid, revoked_by: user.domain_user.uid, created_by: await adminUid() });
    expect(Math.abs(revoked.revoked! - now())).toBeLessThan(60);
    const again = await revoke('pricing', record.uid);
    expect(again.statusCode).toBe(409);
    expect((await list('pricing')).find((token) => token.uid === record.uid)).toEqual(revoked);
  });

  test('deleting removes the token', async () => {
    const { record } = await addToken('files');
    expect((await remove('files', record.uid)).statusCode).toBe(204);
    expect((await list('files')).some((token) => token.uid === record.uid)).toBe(false);
    expect((await remove('files', record.uid)).statusCode).toBe(404);
  });

  test('a token of the other service is unknown here; malformed uids are 400', async () => {
    const { record } = await addToken('files');
    expect((await revoke('pricing', record.uid)).statusCode).toBe(404);
    expect((await remove('pricing', record.uid)).statusCode).toBe(404);
    expect((await remove('files', 'not-a-uid')).statusCode).toBe(400);
    expect((await revoke('files', 'not-a-uid')).statusCode).toBe(400);
  });

  test('administration needs a panel user: an API token is refused', async () => {
    const { token } = await addToken('files');
    for (const scope of ['files', 'pricing'] as const) {
      const response = await call({
        method: 'GET',
        url: `${SERVICES[scope]}/administration/access-tokens/`,
        headers: bearer(token),
        anonymous: true,
      });
      expect(response.statusCode).toBe(401);
    }
    expect(
      (await call({ method: 'GET', url: `${FILES}/administration/access-tokens/`, anonymous: true })).statusCode,
    ).toBe(401);
  });
});

describe('use by outside services', () => {
  test('a file-service token opens search, upload, download, file and references', async () => {
    const { token } = await addToken('files');
    expect((await fileSearch(token)).statusCode).toBe(200);
    const form = uploadForm({ data: Buffer.from('by token') });
    const created = await call({
      method: 'POST',
      url: `${FILES}/upload/`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(token) },
      anonymous: true,
    });
    expect(created.statusCode).toBe(201);
    const { uid } = created.json<StoredFile>();
    const downloaded = await call({
      method: 'GET',
      url: `${FILES}/download/${uid}/`,
      headers: bearer(token),
      anonymous: true,
    });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.body).toBe('by token');
    expect(
      (await call({ method: 'GET', url: `${FILES}/files/${uid}/`, headers: bearer(token), anonymous: true }))
        .statusCode,
    ).toBe(200);
    const references = await call({
      method: 'PUT',
      url: `${FILES}/files/${uid}/references/`,
      headers: bearer(token),
      payload: { references: [{ name: 'Customer', value: 'C-1' }] },
      anonymous: true,
    });
    expect(references.statusCode).toBe(200);
  });

  test('a pricing token gets its token info', async () => {
    const expires = now() + 600;
    const { token, record } = await addToken('pricing', { service: 'Quotes', expires });
    const response = await tokenInfo(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ uid: record.uid, service: 'Quotes', created: record.created, expires });
  });

  test('each service refuses the other service’s tokens; token-info refuses panel access tokens', async () => {
    const files = await addToken('files');
    const pricing = await addToken('pricing');
    expect((await fileSearch(pricing.token)).statusCode).toBe(401);
    expect((await tokenInfo(files.token)).statusCode).toBe(401);
    expect((await tokenInfo(await t.adminToken())).statusCode).toBe(401);
    expect((await tokenInfo('unknown-token')).statusCode).toBe(401);
    expect((await call({ method: 'GET', url: `${PRICING}/token-info/`, anonymous: true })).statusCode).toBe(401);
  });

  test('tokens of both services are refused once their expiry passes in real time', async () => {
    const files = await addToken('files', { expires: now() + 2 });
    const pricing = await addToken('pricing', { expires: now() + 2 });
    expect((await fileSearch(files.token)).statusCode).toBe(200);
    expect((await tokenInfo(pricing.token)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3100));
    expect((await fileSearch(files.token)).statusCode).toBe(401);
    expect((await tokenInfo(pricing.token)).statusCode).toBe(401);
  });

  describe.each(['files', 'pricing'] as const)('%s tokens are refused at once', (scope) => {
    const use = (token: string) => (scope === 'files' ? fileSearch(token) : tokenInfo(token));

    test('after revoke', async () => {
      const { token, record } = await addToken(scope);
      expect((await use(token)).statusCode).toBe(200);
      await revoke(scope, record.uid);
      const refused = await use(token);
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['content-type']).toContain('application/problem+json');
    });

    test('after delete', async () => {
      const { token, record } = await addToken(scope);
      expect((await use(token)).statusCode).toBe(200);
      await remove(scope, record.uid);
      expect((await use(token)).statusCode).toBe(401);
    });

    test('after expiry', async () => {
      const { token, record } = await addToken(scope, { expires: now() + 3600 });
      expect((await use(token)).statusCode).toBe(200);
      await t.db
        .update(apiTokens)
        .set({ expires: new Date(Date.now() - 1000) })
        .where(eq(apiTokens.uid, record.uid));
      expect((await use(token)).statusCode).toBe(401);
    });
  });
});

test('no response and no log line carries a token value or its hash', () => {
  expect(tokenValues.length).toBeGreaterThan(20);
  expect(logLines.length).toBeGreaterThanOrEqual(responses.length); // one line per request at least, at trace
  const secrets = tokenValues.flatMap((value) => [value, hashTokenValue(value)]);
  const leaks = [...responses, ...logLines].filter((text) => secrets.some((secret) => text.includes(secret)));
  expect(leaks).toEqual([]);
});
