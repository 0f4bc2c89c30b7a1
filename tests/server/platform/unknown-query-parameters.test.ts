import { createFilesTestApp, FILES } from '../support/files-helpers';
import { INTAKE, multipart as formData, validForm } from '../../fixtures/care-form';
import { AUTH } from '../support/helpers';

/** One rule for every service route: a query parameter the route does not declare is refused, naming it. */

let t: Awaited<ReturnType<typeof createFilesTestApp>>;
beforeAll(async () => {
  t = await createFilesTestApp();
});
afterAll(() => t?.cleanUp());

const SOME_UID = '00000000-0000-4000-8000-000000000001';

test('every GET operation of the OpenAPI document refuses an unknown query parameter', async () => {
  const document = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  // the provider's redirect URI ignores what it does not know, as RFC 6749 (4.1.2) requires: providers add their own parameters
  const paths = Object.entries(document.paths).filter(
    ([template, operations]) => 'get' in operations && template !== '/api/auth/oidc/callback/',
  );
  expect(paths.length).toBeGreaterThan(15);
  const accepted: string[] = [];
  for (const [template] of paths) {
    // an audit event's id is a number; every other path parameter a uid
    const url = template.replace('{id}', '1').replace(/\{[^}]+\}/g, SOME_UID);
    const response = await t.as({ method: 'GET', url: `${url}?zz_unknown=1` });
    if (response.statusCode < 400) accepted.push(`${template}: ${response.statusCode}`);
    else if (response.statusCode === 400) expect(response.json(), template).toMatchObject({ field: 'zz_unknown' });
  }
  expect(accepted).toEqual([]);
});

test('a route with a body refuses it too, and declared parameters still work', async () => {
  const ban = await t.as({
    method: 'POST',
    url: `${AUTH}/administration/ban-users/?zz_unknown=1`,
    payload: { uids: [SOME_UID] },
  });
  expect(ban.statusCode).toBe(400);
  expect(ban.json()).toMatchObject({ field: 'zz_unknown' });
  const intake = await t.inject({
    method: 'POST',
    url: `${INTAKE}?zz_unknown=1`,
    remoteAddress: '10.88.0.1',
    ...(await formData(validForm())),
  });
  expect(intake.statusCode, intake.body).toBe(400);
  expect(intake.json()).toMatchObject({ field: 'zz_unknown' });
  expect((await t.as({ method: 'GET', url: `${AUTH}/info/?extended=true` })).statusCode).toBe(200);
  expect((await t.as({ method: 'GET', url: `${FILES}/search/?page=1&page_size=10` })).statusCode).toBe(200);
});

test('the health route outside the services follows the rule too', async () => {
  const health = await t.inject({ method: 'GET', url: '/api/health?zz_unknown=1' });
  expect(health.statusCode).toBe(400);
});
