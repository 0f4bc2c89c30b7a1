import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../server/db';
import { mails } from '../../../server/db/schema';
import { multipart, validForm } from '../../fixtures/care-form';
import { uploadForm } from '../support/files-helpers';
import { openTestDatabase, type TestDatabase } from '../support/helpers';
import { aMail, waitFor } from '../support/mail-helpers';
import { inBatches, signedInClient, startServerProcess, type ServerProcess } from '../support/server-process';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';
import { startLocalS3, type LocalS3 } from '../support/storage-s3rver';

/**
 * Two real server processes on one PostgreSQL database and one S3 bucket (s3rver), both running the mail worker: what one
 * process does, the other sees. PostgreSQL only (PGlite is one folder for one process).
 */

const ADMIN = { username: 'scale-admin', password: 'scale-admin-password' };
const INTAKE_RATE_LIMIT = 4;
const MAILS = 60;

let s3: LocalS3;
let smtp: SmtpPeer;
let database: Database;
let dropDatabase: TestDatabase['drop'];
const servers: ServerProcess[] = [];
const dataDirs: string[] = [];

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caredesk-scale-'));
  dataDirs.push(dataDir);
  const server = await startServerProcess({ ...env, DATA_DIR: dataDir });
  servers.push(server);
  return server;
}

async function accessToken(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/token/`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
  });
  if (!response.ok) throw new Error(`sign-in of ${username}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one database and one bucket', () => {
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    [s3, smtp] = await Promise.all([startLocalS3(), startSmtpPeer({ delayMs: 5 })]);
    let url: string | undefined;
    ({ database, url, drop: dropDatabase } = await openTestDatabase());
    const env = {
      DATABASE_URL: url!,
      SECRET_KEY: 'c39b754e94fe74960c680f989860a3df1cda384de1a33c6ccd92e707b1f5dc84',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      S3_ENDPOINT: s3.config.endpoint,
      S3_BUCKET: s3.config.bucket,
      S3_ACCESS_KEY_ID: s3.config.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
      MAIL_CONCURRENCY: '4',
      MAIL_POLL_INTERVAL_MS: '100',
      INTAKE_RATE_LIMIT: String(INTAKE_RATE_LIMIT),
    };
    // one after the other: the first applies the migrations and creates the administrator
    a = await start(env);
    b = await start(env);
  }, 240_000);

  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      server.child.kill('SIGKILL');
    }
    await database?.close();
    await dropDatabase?.();
    await Promise.all([s3?.close(), smtp?.close()]);
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  test('a file uploaded through one process downloads through the other', async () => {
    const data = randomBytes(200_000);
    const form = uploadForm({ name: 'scale-out.bin', description: 'uploaded through A', data });
    const uploaded = await fetch(`${a.baseUrl}/api/files/upload/`, {
      method: 'POST',
      headers: {
        ...form.headers,
        authorization: `Bearer ${await accessToken(a.baseUrl, ADMIN.username, ADMIN.password)}`,
      },
      body: new Uint8Array(form.payload),
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { uid } = (await uploaded.json()) as { uid: string };

    const download = await fetch(`${b.baseUrl}/api/files/download/${uid}/`, {
      headers: { authorization: `Bearer ${await accessToken(b.baseUrl, ADMIN.username, ADMIN.password)}` },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(data)).toBe(true);
    expect(await s3.keys()).toContain(`files/${uid}`);
  });

  test('a user banned through one process is refused by the other on the next request', async () => {
    const callA = await signedInClient(a.baseUrl, ADMIN.username, ADMIN.password);
    const user = {
      username: 'scale-user',
      password: 'Scale-user-password-1',
      public_name: 'Scale User',
      roles: ['caregiver'],
    };
    const created = await callA<{ domain_user: { uid: string } }>('POST', '/api/auth/administration/users/', user);
    const token = await accessToken(b.baseUrl, user.username, user.password);
    const info = () => fetch(`${b.baseUrl}/api/auth/info/`, { headers: { authorization: `Bearer ${token}` } });
    expect((await info()).status).toBe(200);

    await callA('POST', '/api/auth/administration/ban-users/', { uids: [created.domain_user.uid] });

    const refused = await info();
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  test(
    `${MAILS} mails sent through both processes, both delivering: each arrives exactly once`,
    { timeout: 120_000 },
    async () => {
      const callA = await signedInClient(a.baseUrl, ADMIN.username, ADMIN.password);
      const callB = await signedInClient(b.baseUrl, ADMIN.username, ADMIN.password);
      const provider = await callA<{ uid: string }>('POST', '/api/mail/administration/providers/', {
        name: 'Scale peer',
        host: '127.0.0.1',
        port: smtp.port,
        security: 'none',
      });
      await callA('POST', '/api/mail/administration/accounts/', {
        expression: '@scale\\.example$',
        provider: { uid: provider.uid },
        credentials: null,
      });

      const subjects = Array.from({ length: MAILS }, (_, index) => `scale ${index}`);
      const references: string[] = [];
      await inBatches(subjects, 6, async (subject) => {
        const call = Number(subject.split(' ')[1]) % 2 === 0 ? callA : callB;
        references.push(
          (
            await call<{ reference_uid: string }>(
              'POST',
              '/api/mail/send/',
              aMail({ sender: 'office@scale.example', subject }),
            )
          ).reference_uid,
        );
      });

      const delivered = async () =>
        (await database.db.select({ state: mails.state }).from(mails).where(eq(mails.state, 'delivered'))).length;
      await waitFor(async () => (await delivered()) === MAILS, 90_000, `${MAILS} mails delivered`);
      // give a second delivery, were there one, the time to arrive
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const received = smtp.received.map((mail) => mail.subject).filter((subject) => subject.startsWith('scale '));
      expect(received.sort()).toEqual([...subjects].sort());
      expect(new Set(references).size).toBe(MAILS);
    },
  );

  test(`the intake rate limit (${INTAKE_RATE_LIMIT} a minute per address) holds across both processes`, async () => {
    const submit = async (server: ServerProcess) => {
      const { payload, headers } = await multipart(validForm());
      return fetch(`${server.baseUrl}/api/intake/care-request/`, {
        method: 'POST',
        headers,
        body: new Uint8Array(payload),
      });
    };
    const statuses: number[] = [];
    for (let index = 0; index < INTAKE_RATE_LIMIT; index += 1)
      statuses.push((await submit(index % 2 === 0 ? a : b)).status);
    expect(statuses).toEqual(Array(INTAKE_RATE_LIMIT).fill(201));

    for (const server of [a, b]) {
      const limited = await submit(server);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(limited.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
  });
});
