import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../../server/db';
import { mails } from '../../../server/db/schema';
import { serverStorage } from '../support/helpers';
import { uploadForm } from '../support/files-helpers';
import { aMail, waitFor } from '../support/mail-helpers';
import { serverMain, signedInClient, startServerProcess, type ServerProcess } from '../support/server-process';
import { startSmtpPeer } from '../support/smtp-peer';

/**
 * SIGTERM: the server stops accepting, lets requests and deliveries finish within SHUTDOWN_GRACE_MS (half of SHUTDOWN_TIMEOUT_MS
 * when only that is set, as here), then cuts them and exits. tests/server/platform/start-script.test.ts sends it through `npm start`.
 */
const ADMIN = { ADMIN_USERNAME: 'shutdown-admin', ADMIN_PASSWORD: 'shutdown-admin-password' };
const running: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) server.child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(env: Record<string, string>, nodeArguments?: string[]) {
  const storage = await serverStorage('caredesk-shutdown-');
  cleanups.push(storage.remove);
  const server = await startServerProcess({ ...ADMIN, ...storage.env, ...env }, 90_000, nodeArguments);
  running.push(server);
  return { server, dataDir: storage.dataDir, databaseUrl: storage.databaseUrl };
}

/** An upload whose first half is sent now; `finish` sends the rest. */
async function startUpload(baseUrl: string, token: string) {
  const form = uploadForm({ data: Buffer.alloc(200_000, 'x') });
  const upload: ClientRequest = request(`${baseUrl}/api/files/upload/`, {
    method: 'POST',
    headers: { ...form.headers, 'content-length': String(form.payload.length), authorization: `Bearer ${token}` },
  });
  const answer: Promise<IncomingMessage> = new Promise((resolve, reject) =>
    upload.on('response', resolve).on('error', reject),
  );
  answer.catch(() => undefined); // a test that fails early leaves it unanswered
  upload.write(form.payload.subarray(0, 100_000));
  await new Promise((resolve) => setTimeout(resolve, 300)); // the server has the request
  return { answer, finish: () => upload.end(form.payload.subarray(100_000)) };
}

async function tokenOf(baseUrl: string) {
  const response = await fetch(`${baseUrl}/api/auth/token/`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${ADMIN.ADMIN_USERNAME}:${ADMIN.ADMIN_PASSWORD}`).toString('base64')}`,
    },
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

test(
  'a request in flight at SIGTERM is answered, new connections are refused, and the process exits with 0',
  { timeout: 120_000 },
  async () => {
    const { server } = await start({ SHUTDOWN_TIMEOUT_MS: '30000' });
    const upload = await startUpload(server.baseUrl, await tokenOf(server.baseUrl));

    server.child.kill('SIGTERM');
    const refused = () =>
      fetch(`${server.baseUrl}/api/health/live`).then(
        () => false,
        () => true,
      );
    await waitFor(refused, 10_000, 'new connections to be refused');

    upload.finish();
    expect((await upload.answer).statusCode).toBe(201);
    expect(await server.exited).toBe(0);
  },
);

test(
  'a request that does not finish is cut after half of SHUTDOWN_TIMEOUT_MS, and the process still exits cleanly in time',
  { timeout: 120_000 },
  async () => {
    const { server } = await start({ SHUTDOWN_TIMEOUT_MS: '3000' });
    const upload = await startUpload(server.baseUrl, await tokenOf(server.baseUrl));
    const answered = upload.answer.then(
      () => 'answered',
      () => 'cut',
    );

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(3000);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1400);
    expect(await answered).toBe('cut');
  },
);

test(
  'a delivery in flight at SIGTERM that does not finish in time is handed back to the queue, not left leased',
  { timeout: 120_000 },
  async () => {
    const smtp = await startSmtpPeer({ delayMs: 60_000 });
    cleanups.push(() => smtp.close());
    const { server, dataDir, databaseUrl } = await start({
      SHUTDOWN_TIMEOUT_MS: '4000',
      MAIL_LEASE_SECONDS: '600',
      MAIL_POLL_INTERVAL_MS: '100',
    });
    const call = await signedInClient(server.baseUrl, ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD);
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
    const { reference_uid } = await call<{ reference_uid: string }>('POST', '/api/mail/send/', aMail());
    await waitFor(async () =>
      (await fetch(`${server.baseUrl}/api/metrics`).then((response) => response.text())).includes(
        'caredesk_mails{state="queued"} 1',
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000)); // the worker has claimed it and is talking to the peer

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(4000);
    expect(server.output()).not.toMatch(/killed by timeout/);
    expect(server.output()).toMatch(/mail deliveries in flight at shutdown: 0 finished, 1 handed back to the queue/);

    const database = await openDatabase(
      databaseUrl ? { databaseUrl, poolSize: 1 } : { pgliteDir: path.join(dataDir, 'pglite') },
    );
    try {
      const [mail] = await database.db.select().from(mails).where(eq(mails.referenceUid, reference_uid));
      expect(mail).toMatchObject({ state: 'queued', leaseUntil: null, leaseOwner: null, attempts: 1 });
    } finally {
      await database.close();
    }
  },
);

test.each(['exception', 'rejection'])(
  'an uncaught %s is logged, the server shuts down and exits with 1',
  { timeout: 120_000 },
  async (fault) => {
    const withFault = serverMain(path.resolve('tests/fixtures/fault-later.mjs'));
    const trigger = path.join(mkdtempSync(path.join(tmpdir(), 'caredesk-fault-')), 'now');
    cleanups.push(() => rmSync(path.dirname(trigger), { recursive: true, force: true }));
    const { server } = await start({ FAULT: fault, FAULT_TRIGGER: trigger }, withFault);
    expect((await fetch(`${server.baseUrl}/api/health/live`)).status).toBe(200);
    writeFileSync(trigger, '');
    expect(await server.exited).toBe(1);
    const logged = server
      .output()
      .split('\n')
      .filter((line) => line.includes('uncaught error, shutting down'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(`injected ${fault}`);
  },
);
