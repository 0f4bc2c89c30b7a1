import type { LightMyRequestResponse } from 'fastify';
import { CARE, INTAKE, multipart as formData, validForm } from '../../fixtures/care-form';
import { FILES, createFilesTestApp, uploadForm } from '../support/files-helpers';
import { AUTH } from '../support/helpers';
import { MAIL } from '../support/mail-helpers';

/**
 * Values that once reached the database or Date arithmetic and came back as 500: each is a 400 problem naming the
 * field, and nothing is stored.
 */

let t: Awaited<ReturnType<typeof createFilesTestApp>>;
beforeAll(async () => {
  t = await createFilesTestApp();
});
afterAll(() => t?.cleanUp());

function expectProblem(response: LightMyRequestResponse, field: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.json()).toMatchObject({ status: 400, field });
}

const NUL = 'a\u0000b';

describe('a NUL character in a text', () => {
  test('of a JSON body', async () => {
    const body = { username: `nul${NUL}user`, password: 'long-enough', public_name: 'Some Name', roles: [] };
    expectProblem(await t.as({ method: 'POST', url: `${AUTH}/administration/users/`, payload: body }), 'username');
    const provider = { name: `Mail ${NUL}`, host: 'smtp.example.org', port: 25, security: 'none' };
    expectProblem(await t.as({ method: 'POST', url: `${MAIL}/administration/providers/`, payload: provider }), 'name');
  });

  test('of a nested value and of an array item', async () => {
    const mail = { sender: 'a@example.org', to: [`b${NUL}@example.org`], cc: [], subject: 'x', message: 'y' };
    expectProblem(await t.as({ method: 'POST', url: `${MAIL}/send/`, payload: mail }), 'to.0');
  });

  test('of a query parameter', async () => {
    expectProblem(await t.as({ method: 'GET', url: `${FILES}/search/?query=${encodeURIComponent(NUL)}` }), 'query');
    expectProblem(
      await t.as({ method: 'GET', url: `${CARE}/incoming/care-requests/?query=${encodeURIComponent(NUL)}` }),
      'query',
    );
  });

  test('of Basic credentials: 401 malformed, not a database error', async () => {
    for (const credentials of ['nul\u0000user:long-enough', 'admin:pass\u0000word', '\u0000:\u0000']) {
      const response = await t.inject({
        method: 'POST',
        url: `${AUTH}/token/`,
        headers: { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` },
      });
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json()).toMatchObject({ status: 401, detail: 'The Authorization header is malformed.' });
    }
  });

  test('of a public intake form field, without sign-in', async () => {
    const response = await t.inject({
      method: 'POST',
      url: INTAKE,
      remoteAddress: '10.77.0.1',
      ...(await formData(validForm({ EinsatzOrt: `Ber${NUL}lin` }))),
    });
    expectProblem(response, 'EinsatzOrt');
  });
});

describe('an unpaired surrogate (not Unicode) in a text', () => {
  test('of a value stored as JSON (file references) and of a plain column', async () => {
    const uploaded = await t.as({ method: 'POST', url: `${FILES}/upload/`, ...uploadForm() });
    const uid = uploaded.json<{ uid: string }>().uid;
    const references = { references: [{ name: 'Customer', value: 'C-\ud800' }] };
    expectProblem(
      await t.as({ method: 'PUT', url: `${FILES}/files/${uid}/references/`, payload: references }),
      'references.0.value',
    );
    const provider = { name: 'Mail \udfff', host: 'smtp.example.org', port: 25, security: 'none' };
    expectProblem(await t.as({ method: 'POST', url: `${MAIL}/administration/providers/`, payload: provider }), 'name');
  });
});

describe('numbers outside what a page can be', () => {
  for (const value of ['Infinity', '-Infinity', '1e400', 'NaN', '1e308', '9007199254740993']) {
    test(`page and page_size = ${value}`, async () => {
      expectProblem(await t.as({ method: 'GET', url: `${FILES}/search/?page=${value}` }), 'page');
      expectProblem(await t.as({ method: 'GET', url: `${FILES}/search/?page_size=${value}` }), 'page_size');
      expectProblem(await t.as({ method: 'GET', url: `${CARE}/incoming/care-requests/?page=${value}` }), 'page');
    });
  }
});

describe('date filters at the end of what the schema takes', () => {
  const LAST_SECOND = 253_402_300_799; // 9999-12-31T23:59:59Z
  const filters = (field: string, range: object) => encodeURIComponent(JSON.stringify({ [field]: range }));

  test('the last second itself is accepted as a from and as a to', async () => {
    for (const range of [{ from: LAST_SECOND }, { to: LAST_SECOND }, { from: 0, to: LAST_SECOND }]) {
      const files = await t.as({ method: 'GET', url: `${FILES}/search/?filters=${filters('uploaded', range)}` });
      expect(files.statusCode, files.body).toBe(200);
      const care = await t.as({
        method: 'GET',
        url: `${CARE}/incoming/care-requests/?filters=${filters('submitted', range)}`,
      });
      expect(care.statusCode, care.body).toBe(200);
    }
  });

  test('one second more is refused naming filters', async () => {
    expectProblem(
      await t.as({ method: 'GET', url: `${FILES}/search/?filters=${filters('uploaded', { to: LAST_SECOND + 1 })}` }),
      'filters',
    );
  });
});

describe('an API token expiry beyond what a date can hold', () => {
  for (const expires of [8.64e15 / 1000 + 1, 1e300, 253_402_300_800]) {
    test(`expires = ${expires}`, async () => {
      const body = { service: 'billing', token: `hostile-token-${expires}-value`, expires };
      expectProblem(
        await t.as({ method: 'POST', url: `${FILES}/administration/access-tokens/`, payload: body }),
        'expires',
      );
    });
  }
});
