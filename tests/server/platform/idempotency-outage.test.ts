import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { buildApp } from '../../../server/app';
import { ensureFirstAdministrator } from '../../../server/auth';
import { openDatabase, type Database } from '../../../server/db';
import { careRequestNotes } from '../../../server/db/schema';
import { CARE, freshAddress, INTAKE, multipart, validForm } from '../../fixtures/care-form';
import { ADMIN, basic, bearer, openTestDatabase, testConfig } from '../support/helpers';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

/**
 * The retry the Idempotency-Key is for: PostgreSQL commits a care note, the connection is cut before its answer reaches the server
 * (503 to the client), and the client sends the note again with the same key: there is exactly one note, and the retry gets its answer.
 */

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)('a note whose answer was lost with the database connection', () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let proxy: TcpProxy;
  let proxied: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let token: string;
  let careRequestUid: string;

  beforeAll(async () => {
    test = await openTestDatabase();
    const target = new URL(test.url!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(test.url!);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    proxied = await openDatabase({
      databaseUrl: url.toString(),
      poolSize: 4,
      statementTimeoutMs: 2_000,
      connectTimeoutMs: 1_000,
    });
    const config = testConfig();
    app = await buildApp({ config, database: proxied, masterSecret: Buffer.alloc(32, 7) });
    await ensureFirstAdministrator(proxied.db, config, () => undefined);
    token = (
      await app.inject({ method: 'POST', url: '/api/auth/token/', headers: basic(ADMIN.username, ADMIN.password) })
    ).json<{ access_token: string }>().access_token;
    const { payload, headers } = await multipart(validForm());
    careRequestUid = (
      await app.inject({ method: 'POST', url: INTAKE, payload, headers, remoteAddress: freshAddress() })
    ).json<{ uid: string }>().uid;
  });

  afterAll(async () => {
    await app?.close();
    await proxied?.close().catch(() => undefined);
    await proxy?.stop().catch(() => undefined);
    await test?.database.close();
    await test?.drop();
  });

  /** Counted on a connection of its own, past the proxy. */
  const notes = async () =>
    (
      await test.database.db
        .select({ total: count() })
        .from(careRequestNotes)
        .where(eq(careRequestNotes.requestUid, careRequestUid))
    )[0].total;
  const addNote = (key: string) =>
    app.inject({
      method: 'POST',
      url: `${CARE}/care-requests/${careRequestUid}/notes/`,
      payload: { text: 'Called back, all well' },
      headers: { ...bearer(token), 'idempotency-key': key },
    });
  const healthy = async () => (await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode === 200;

  it('is stored once: the retry with the same key answers the committed note', async () => {
    const key = `"${randomUUID()}"`;
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `${CARE}/care-requests/${careRequestUid}/notes/`,
          headers: bearer(token),
        })
      ).statusCode,
    ).toBe(200);
    const before = await notes();

    // the transaction's COMMIT goes through; its answer, and everything after it on that connection, does not come back
    proxy.holdRepliesAfter((chunk) => chunk.includes('commit'));
    const lost = addNote(key);
    await expect.poll(notes, { timeout: 10_000 }).toBe(before + 1);
    await proxy.cut();
    const answer = await lost;
    expect(answer.json()).toMatchObject({ status: 503, type: '/problems/database-unavailable' });

    await proxy.restore();
    await expect.poll(healthy, { timeout: 10_000 }).toBe(true);
    const retry = await addNote(key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(await notes()).toBe(before + 1);
    const [stored] = await test.database.db
      .select()
      .from(careRequestNotes)
      .where(eq(careRequestNotes.requestUid, careRequestUid));
    expect(retry.json()).toMatchObject({ uid: stored.uid, text: 'Called back, all well' });
  });
});
