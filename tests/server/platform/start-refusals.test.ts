import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runServerToExit } from '../support/server-process';

/**
 * Settings the server refuses to start with: one line naming the variable and what to write, exit code 1, nothing written. The
 * refusal comes before the database is opened, so the PostgreSQL project skips these.
 */
const onPglite = !process.env.TEST_DATABASE_URL;

const refusals: [string, Record<string, string>, RegExp][] = [
  [
    'a short SECRET_KEY',
    { SECRET_KEY: 'a' },
    /SECRET_KEY must be at least 32 random bytes written as hex or base64 \(generate one with: openssl rand -base64 32\); the one given holds 0$/,
  ],
  [
    'a SECRET_KEY of 31 bytes in base64',
    { SECRET_KEY: Buffer.alloc(31, 7).toString('base64') },
    /SECRET_KEY must be at least 32 random bytes.*holds 31$/,
  ],
  [
    'a SECRET_KEY of 31 bytes in hex',
    { SECRET_KEY: 'ab'.repeat(31) },
    /SECRET_KEY must be at least 32 random bytes.*holds 31$/,
  ],
  [
    'a common ADMIN_PASSWORD',
    { ADMIN_PASSWORD: 'password' },
    /ADMIN_PASSWORD is among the 10,000 most common passwords, which the API refuses as well; choose another one$/,
  ],
  [
    'a short ADMIN_PASSWORD',
    { ADMIN_PASSWORD: 'abc' },
    /ADMIN_PASSWORD must have 7 to 1024 characters, as every password of the API$/,
  ],
  ['TRUST_PROXY=true', { TRUST_PROXY: 'true' }, /TRUST_PROXY=true would believe every X-Forwarded-For entry/],
  [
    'an OpenID Connect issuer over plain http',
    { OIDC_ISSUER: 'http://login.example.org', OIDC_CLIENT_ID: 'caredesk' },
    /OIDC_ISSUER must be the https URL of an OpenID Connect issuer, without query or fragment \(http:\/\/ only for a loopback address/,
  ],
];

test.runIf(onPglite).concurrent.each(refusals)(
  '%s stops the start with one line, exit code 1 and nothing written',
  // seven servers start side by side, through tsx unless the bundle is built: minutes on a busy machine
  { timeout: 180_000 },
  async (_name, env, message) => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'caredesk-refused-')), 'data');
    try {
      const { code, output } = await runServerToExit({ DATA_DIR: dataDir, DATABASE_URL: '', ...env }, 150_000);
      expect(code).toBe(1);
      const lines = output.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Caredesk cannot start: /);
      expect(lines[0]).toMatch(message);
      expect(existsSync(dataDir) ? readdirSync(dataDir) : []).toEqual([]);
    } finally {
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  },
);

test('a SECRET_KEY of 32 random bytes, as hex or as base64, is taken', async () => {
  const { loadConfig } = await import('../../../server/config');
  const hex = 'f7'.repeat(32);
  const base64 = Buffer.alloc(32, 0xa5).toString('base64');
  expect(loadConfig({ SECRET_KEY: hex }).secretKey).toBe(hex);
  expect(loadConfig({ SECRET_KEY: base64 }).secretKey).toBe(base64);
  expect(() => loadConfig({ SECRET_KEY: 'correct horse battery staple, quite long but not base64' })).toThrow(
    /SECRET_KEY/,
  );
});
