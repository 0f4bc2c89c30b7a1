import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp } from '../support/helpers';

/** Security headers, caching and CORS as a browser meets them. */

const panelDir = mkdtempSync(path.join(tmpdir(), 'caredesk-hardening-'));
const NAVIGATION = { accept: 'text/html' };
let t: Awaited<ReturnType<typeof createTestApp>>;
let withCors: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  writeFileSync(path.join(panelDir, 'index.html'), '<!doctype html><title>Caredesk panel</title>');
  mkdirSync(path.join(panelDir, 'assets'));
  writeFileSync(path.join(panelDir, 'assets', 'index-AbC123.js'), 'console.log("panel")');
  writeFileSync(path.join(panelDir, 'assets', 'index-AbC123.js.map'), '{"version":3}');
  t = await createTestApp({ config: { panelDir } });
  withCors = await createTestApp({
    withAdmin: false,
    config: { panelDir, corsOrigins: ['https://panel.example.org'] },
  });
});
afterAll(async () => {
  await t?.close();
  await withCors?.close();
  rmSync(panelDir, { recursive: true, force: true });
});

test('the panel page carries a policy without inline scripts, and no page may frame it', async () => {
  const page = await t.inject({ method: 'GET', url: '/users/', headers: NAVIGATION });
  const policy = String(page.headers['content-security-policy']);
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("frame-src 'self' blob:");
  expect(page.headers['x-content-type-options']).toBe('nosniff');
  expect(page.headers['referrer-policy']).toBe('no-referrer');
  expect(page.headers['cache-control']).toBe('no-store');
});

test('hashed assets are cached for a year; source maps are not served', async () => {
  const asset = await t.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
  expect(asset.statusCode).toBe(200);
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers['x-content-type-options']).toBe('nosniff');
  const map = await t.inject({ method: 'GET', url: '/assets/index-AbC123.js.map' });
  expect(map.statusCode).toBe(404);
});

test('service answers that carry data are not stored by any cache, the token pair included', async () => {
  const token = await t.inject({
    method: 'POST',
    url: '/api/auth/token/',
    headers: { authorization: `Basic ${Buffer.from('admin:admin-password').toString('base64')}` },
  });
  expect(token.statusCode).toBe(200);
  expect(token.headers['cache-control']).toBe('no-store');
  const users = await t.as({ method: 'GET', url: '/api/auth/administration/users/' });
  expect(users.headers['cache-control']).toBe('no-store');
  const problem = await t.inject({ method: 'GET', url: '/api/auth/info/' });
  expect(problem.statusCode).toBe(401);
  expect(problem.headers['cache-control']).toBe('no-store');
});

test('without CORS_ORIGINS no origin is allowed', async () => {
  const preflight = await t.inject({
    method: 'OPTIONS',
    url: '/api/auth/info/',
    headers: {
      origin: 'https://panel.example.org',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    },
  });
  expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
});

test('with CORS_ORIGINS a listed origin gets its preflight and its answers; another origin does not', async () => {
  const preflight = await withCors.inject({
    method: 'OPTIONS',
    url: '/api/auth/info/',
    headers: {
      origin: 'https://panel.example.org',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    },
  });
  expect(preflight.statusCode).toBe(204);
  expect(preflight.headers['access-control-allow-origin']).toBe('https://panel.example.org');
  expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/authorization/i);
  const answer = await withCors.inject({
    method: 'GET',
    url: '/api/health',
    headers: { origin: 'https://panel.example.org' },
  });
  expect(answer.headers['access-control-allow-origin']).toBe('https://panel.example.org');
  const stranger = await withCors.inject({
    method: 'GET',
    url: '/api/health',
    headers: { origin: 'https://evil.example' },
  });
  expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
});

test('every answer carries the same security headers: pages, assets, service answers, refusals and unknown paths', async () => {
  const securityHeaders = (headers: Record<string, unknown>) =>
    Object.fromEntries(
      [
        'content-security-policy',
        'x-frame-options',
        'x-content-type-options',
        'referrer-policy',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
        'origin-agent-cluster',
        'x-permitted-cross-domain-policies',
      ].map((name) => [name, headers[name]]),
    );
  const page = await t.inject({ method: 'GET', url: '/users/', headers: NAVIGATION });
  expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  const answers = [
    await t.inject({ method: 'GET', url: '/assets/index-AbC123.js' }),
    await t.inject({ method: 'GET', url: '/api/health/live' }),
    await t.as({ method: 'GET', url: '/api/auth/info/' }),
    await t.inject({ method: 'GET', url: '/api/auth/info/' }),
    await t.inject({ method: 'GET', url: '/api/no-such-route/' }),
    await t.inject({ method: 'GET', url: '/api/health/live?unknown=1' }),
  ];
  expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 401, 404, 400]);
  for (const answer of answers) expect(securityHeaders(answer.headers)).toEqual(securityHeaders(page.headers));
});

test("the policy's connect-src names what the panel calls: its own origin and the services' origins, not the agency's website", async () => {
  const elsewhere = await createTestApp({
    withAdmin: false,
    config: {
      panelDir,
      serviceUrls: {
        ...t.config.serviceUrls,
        mailUrl: 'https://mail.example.org/api/mail',
        agencyWebsite: 'https://www.agency.example',
      },
    },
  });
  try {
    const policy = String(
      (await elsewhere.inject({ method: 'GET', url: '/users/', headers: NAVIGATION })).headers[
        'content-security-policy'
      ],
    );
    expect(policy).toMatch(/connect-src 'self' https:\/\/mail\.example\.org(;|$)/);
    expect(policy).not.toContain('agency.example');
  } finally {
    await elsewhere.close();
  }
});
