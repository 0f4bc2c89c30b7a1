import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from './server-process';

/** `npm start` as a newcomer runs it: no settings, a fresh data folder, the panel built when missing or stale. */
let server: ServerProcess | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), 'caredesk-start-'));
afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

test('npm start serves the panel and the services, and prints the generated administrator password once', async () => {
  const noSettings = { PANEL_DIR: '', DATABASE_URL: '', ADMIN_USERNAME: '', ADMIN_PASSWORD: '', SECRET_KEY: '' };
  server = await startServerProcess({ ...noSettings, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, 240_000, ['scripts/start.mjs']);

  const page = await fetch(`${server.baseUrl}/users/`, { headers: { accept: 'text/html' } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<div id="root">');
  const config = await (await fetch(`${server.baseUrl}/config.json`)).json();
  expect(config).toMatchObject({ authUrl: '/api/auth', mailUrl: '/api/mail', filesUrl: '/api/files', careUrl: '/api/care' });

  const printed = [...server.output().matchAll(/Username: admin\s+Password: (\S+)/g)];
  expect(printed).toHaveLength(1);
  const basic = Buffer.from(`admin:${printed[0]![1]}`).toString('base64');
  const signIn = await fetch(`${server.baseUrl}/api/auth/token/`, { method: 'POST', headers: { authorization: `Basic ${basic}` } });
  expect(signIn.status).toBe(200);
}, 300_000);
