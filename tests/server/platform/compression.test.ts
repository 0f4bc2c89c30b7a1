import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressFolder } from '../../../scripts/precompress';
import { createFilesTestApp, FILES, upload, type StoredFile } from '../support/files-helpers';
import type { TestApp } from '../support/helpers';

/** Panel files go out precompressed from the build, large JSON answers compressed per request, stored files exactly as stored. */
let t: TestApp & { cleanUp: () => Promise<void> };
const panelDir = mkdtempSync(path.join(tmpdir(), 'caredesk-compressed-panel-'));
const script = `console.log(${JSON.stringify('panel code '.repeat(400))});`;

beforeAll(async () => {
  writeFileSync(path.join(panelDir, 'index.html'), '<!doctype html><title>Caredesk panel</title>');
  mkdirSync(path.join(panelDir, 'assets'));
  writeFileSync(path.join(panelDir, 'assets', 'vendor-abc123.js'), script);
  writeFileSync(path.join(panelDir, 'assets', 'vendor-abc123.js.map'), JSON.stringify({ mappings: 'A'.repeat(5000) }));
  writeFileSync(path.join(panelDir, 'assets', 'tiny-abc123.js'), 'console.log(1)');
  expect(precompressFolder(panelDir)).toBe(1);
  t = await createFilesTestApp({ panelDir });
});
afterAll(async () => {
  await t?.cleanUp();
  rmSync(panelDir, { recursive: true, force: true });
});

const VENDOR = '/assets/vendor-abc123.js';

test('the build step writes brotli and gzip next to larger files only, never for source maps', async () => {
  const { existsSync } = await import('node:fs');
  const at = (name: string) => existsSync(path.join(panelDir, 'assets', name));
  expect([at('vendor-abc123.js.br'), at('vendor-abc123.js.gz')]).toEqual([true, true]);
  expect([at('tiny-abc123.js.br'), at('vendor-abc123.js.map.br'), at('vendor-abc123.js.map.gz')]).toEqual([
    false,
    false,
    false,
  ]);
});

test.each([
  ['br', 'br', brotliDecompressSync],
  ['gzip', 'gzip', gunzipSync],
  ['gzip, deflate, br', 'br', brotliDecompressSync],
  ['br;q=0, gzip', 'gzip', gunzipSync],
] as const)('an asset asked for with Accept-Encoding "%s" comes %s-encoded', async (accepted, encoding, decode) => {
  const response = await t.app.inject({ method: 'GET', url: VENDOR, headers: { 'accept-encoding': accepted } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-encoding']).toBe(encoding);
  expect(response.headers['content-type']).toMatch(/javascript/);
  expect(response.headers.vary).toMatch(/accept-encoding/i);
  expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(response.rawPayload.length).toBeLessThan(script.length / 10);
  expect(decode(response.rawPayload).toString()).toBe(script);
});

test('an asset asked for without Accept-Encoding, or with identity only, comes as it is', async () => {
  for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
    const response = await t.app.inject({ method: 'GET', url: VENDOR, headers });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(script);
  }
});

test('a small asset and the page are not compressed; source maps stay unserved in any encoding', async () => {
  const tiny = await t.app.inject({
    method: 'GET',
    url: '/assets/tiny-abc123.js',
    headers: { 'accept-encoding': 'br, gzip' },
  });
  expect(tiny.headers['content-encoding']).toBeUndefined();
  expect(tiny.body).toBe('console.log(1)');
  for (const url of [`${VENDOR}.map`, `${VENDOR}.map.br`]) {
    expect((await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } })).statusCode).toBe(404);
  }
});

test('a large JSON answer is compressed when the client accepts it, and stays no-store', async () => {
  for (let index = 0; index < 12; index++) await t.createUser();
  const url = '/api/auth/administration/users/';
  const plain = await t.as({ method: 'GET', url });
  expect(plain.statusCode).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.rawPayload.length).toBeGreaterThan(1024);

  for (const [encoding, decode] of [
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const) {
    const compressed = await t.as({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
    expect(compressed.headers['content-encoding']).toBe(encoding);
    expect(compressed.headers['cache-control']).toBe('no-store');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(decode(compressed.rawPayload).toString())).toEqual(plain.json());
  }
});

test('a small JSON answer is sent as it is', async () => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/health/live',
    headers: { 'accept-encoding': 'br, gzip' },
  });
  expect(response.headers['content-encoding']).toBeUndefined();
  expect(response.json()).toEqual({ status: 'ok' });
});

test.each(['text/plain', 'application/json'])(
  'a stored %s file downloads byte-identical, whole and in ranges, whatever the client accepts',
  async (contentType) => {
    const data = Buffer.from(
      contentType === 'text/plain' ? 'line of text\n'.repeat(2000) : JSON.stringify({ rows: Array(2000).fill('row') }),
    );
    const stored = (await upload(t, { name: 'big.txt', data, contentType })).json<StoredFile>();
    const url = `${FILES}/download/${stored.uid}/`;

    const whole = await t.as({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(Number(whole.headers['content-length'])).toBe(data.length);
    expect(whole.rawPayload.equals(data)).toBe(true);

    const part = await t.as({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br, gzip', range: 'bytes=100-2099' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.rawPayload.equals(data.subarray(100, 2100))).toBe(true);
  },
);
