import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../server/db';
import { mails } from '../../../server/db/schema';
import { aMail, waitFor } from '../support/mail-helpers';
import { signedInClient, startProcess, startServerProcess, type ServerProcess } from '../support/server-process';
import { startSmtpPeer } from '../support/smtp-peer';

/**
 * `npm start` as a newcomer runs it: no settings, a fresh data folder, the panel and the server built when missing or stale.
 * It runs on PGlite whatever the project, so the PostgreSQL project skips it (two runs at once would also build dist/ twice at once).
 */
const onPglite = !process.env.TEST_DATABASE_URL;
let server: ServerProcess | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), 'caredesk-start-'));
afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

/** The processes the start script runs (Linux: /proc). */
function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}
const commandLine = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');

test.runIf(onPglite)(
  'npm start serves the panel and the services, and prints the generated administrator password once',
  async () => {
    const noSettings = {
      PANEL_DIR: '',
      DATABASE_URL: '',
      ADMIN_USERNAME: '',
      ADMIN_PASSWORD: '',
      SECRET_KEY: '',
      NODE_ENV: '',
      PASSWORD_HASH_COST: '',
    };
    server = await startServerProcess({ ...noSettings, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, 240_000, [
      'scripts/start.mjs',
    ]);

    const page = await fetch(`${server.baseUrl}/users/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const config = await (await fetch(`${server.baseUrl}/config.json`)).json();
    expect(config).toMatchObject({
      authUrl: '/api/auth',
      mailUrl: '/api/mail',
      filesUrl: '/api/files',
      careUrl: '/api/care',
    });

    const printed = [...server.output().matchAll(/Username: admin[\s│]+Password: (\S+)/g)];
    expect(printed).toHaveLength(1);
    const basic = Buffer.from(`admin:${printed[0][1]}`).toString('base64');
    const signIn = await fetch(`${server.baseUrl}/api/auth/token/`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}` },
    });
    expect(signIn.status).toBe(200);
  },
  300_000,
);

test.runIf(onPglite)('the panel assets are built precompressed and served brotli-encoded', async () => {
  const page = await (await fetch(`${server!.baseUrl}/`, { headers: { accept: 'text/html' } })).text();
  const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
  expect(script).toBeDefined();
  expect(existsSync(path.join('dist', `${script}.br`))).toBe(true);
  const asset = await fetch(`${server!.baseUrl}${script}`, { headers: { 'accept-encoding': 'br' } });
  expect(asset.headers.get('content-encoding')).toBe('br');
});

test.runIf(onPglite)(
  'the start script runs the compiled server, not TypeScript; SIGTERM stops both, and the script exits with the server',
  async () => {
    const script = server!.child.pid!;
    const [serverPid] = childrenOf(script);
    expect(serverPid).toBeDefined();
    expect(commandLine(serverPid)).toMatch(/dist-server\/main\.mjs/);
    expect(commandLine(serverPid)).not.toMatch(/tsx|\.ts\b/);
    expect(existsSync(path.join('dist-server', 'migrations', 'meta', '_journal.json'))).toBe(true);

    server!.child.kill('SIGTERM');
    expect(await server!.exited).toBe(0);
    expect(() => process.kill(serverPid, 0)).toThrow(/ESRCH/);
    expect(server!.output()).not.toMatch(/error/i);
  },
  60_000,
);

/** The process and every process below it (Linux: /proc). */
function processTree(pid: number): number[] {
  try {
    return [pid, ...childrenOf(pid).flatMap(processTree)];
  } catch {
    return [];
  }
}
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test.runIf(onPglite)(
  'SIGTERM to npm start reaches the server: deliveries in flight finish within SHUTDOWN_GRACE_MS, none is sent twice, the tree is gone',
  async () => {
    const smtp = await startSmtpPeer({ delayMs: 6_000 });
    const mailDataDir = mkdtempSync(path.join(tmpdir(), 'caredesk-npm-start-'));
    const admin = { username: 'npm-start-admin', password: 'npm-start-admin-pass' };
    const env = {
      PANEL_DIR: '',
      DATABASE_URL: '',
      SECRET_KEY: '',
      DATA_DIR: mailDataDir,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      SHUTDOWN_GRACE_MS: '9000',
      MAIL_POLL_INTERVAL_MS: '100',
      MAIL_CONCURRENCY: '4',
      LOG_LEVEL: 'info',
    };
    const npm = await startProcess('npm', ['start', '--silent'], env, 240_000);
    let tree: number[] = [];
    try {
      const call = await signedInClient(npm.baseUrl, admin.username, admin.password);
      const provider = await call<{ uid: string }>('POST', '/api/mail/administration/providers/', {
        name: 'Slow peer',
        host: '127.0.0.1',
        port: smtp.port,
        security: 'none',
      });
      await call('POST', '/api/mail/administration/accounts/', {
        expression: '.*',
        provider: { uid: provider.uid },
        credentials: null,
      });
      for (const n of [1, 2, 3]) await call('POST', '/api/mail/send/', aMail({ subject: `In flight ${n}` }));
      await waitFor(() => smtp.received.length === 3, 20_000, 'the peer to hold all three mails');
      tree = processTree(npm.child.pid!);
      expect(tree.length).toBeGreaterThanOrEqual(3); // npm, the start script, the server

      const signalled = Date.now();
      npm.child.kill('SIGTERM');
      await waitFor(() => !tree.some(alive), 20_000, 'every process of npm start to end');
      expect(Date.now() - signalled).toBeLessThan(9_000);
      expect(npm.output()).toMatch(/mail deliveries in flight at shutdown: 3 finished, 0 handed back/);
    } finally {
      for (const pid of tree.filter(alive)) process.kill(pid, 'SIGKILL'); // what a failed stop left running
      npm.child.kill('SIGKILL');
      await smtp.close();
    }
    const database = await openDatabase({ pgliteDir: path.join(mailDataDir, 'pglite') });
    try {
      const stored = await database.db.select({ subject: mails.subject, state: mails.state }).from(mails);
      expect(stored.map((mail) => mail.state)).toEqual(['delivered', 'delivered', 'delivered']);
    } finally {
      await database.close();
      rmSync(mailDataDir, { recursive: true, force: true });
    }
  },
  300_000,
);
