import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../support/helpers';

/** The server serves the built panel: its files, and index.html for every page path so client-side routes survive a reload. */
let t: TestApp;
const panelDir = mkdtempSync(path.join(tmpdir(), 'caredesk-panel-'));
beforeAll(async () => {
  writeFileSync(path.join(panelDir, 'index.html'), '<!doctype html><title>Caredesk panel</title>');
  mkdirSync(path.join(panelDir, 'assets'));
  writeFileSync(path.join(panelDir, 'assets', 'app.js'), 'console.log("panel")');
  t = await createTestApp({ config: { panelDir }, withAdmin: false });
});
afterAll(async () => {
  await t?.close();
  rmSync(panelDir, { recursive: true, force: true });
});

/** What a browser sends when it opens a page. */
const NAVIGATION = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

test.each(['/', '/login', '/users/', '/users/create/', '/dashboard?x=1', '/no/such/page'])(
  'GET %s answers the panel page',
  async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: NAVIGATION });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('Caredesk panel');
  },
);

test('the panel assets are served as files', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/javascript/);
  expect(response.body).toBe('console.log("panel")');
});

test('an unknown API path stays a 404 problem, not the panel page', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/nothing/here/' });
  expect(response.statusCode).toBe(404);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.json()).toMatchObject({ status: 404, title: 'Not Found' });
});

test('a path that escapes the panel folder is not served', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/assets/..%2f..%2f..%2fetc%2fpasswd' });
  expect(response.body).not.toContain('root:');
});

test.each([
  ['GET /metrics without asking for HTML', { method: 'GET', url: '/metrics' }],
  ['GET /users/ asking for JSON', { method: 'GET', url: '/users/', headers: { accept: 'application/json' } }],
  ['a missing asset, even asking for HTML', { method: 'GET', url: '/assets/missing.js', headers: NAVIGATION }],
  ['POST to a page path', { method: 'POST', url: '/users/', headers: NAVIGATION }],
  ['DELETE to a page path', { method: 'DELETE', url: '/dashboard', headers: NAVIGATION }],
] as const)('%s is a 404 problem, not the panel page', async (_name, request) => {
  const response = await t.app.inject(request);
  expect(response.statusCode).toBe(404);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.json()).toMatchObject({ type: '/problems/not-found', status: 404 });
});
