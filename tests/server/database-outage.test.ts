import net from 'node:net';
import { buildApp } from '../../server/app';
import { ensureFirstAdministrator } from '../../server/auth';
import { openDatabase, type Database } from '../../server/db';
import { ADMIN, basic, bearer, openTestDatabase, testConfig } from './helpers';

/**
 * PostgreSQL going away and coming back: reads and writes answer 503 with Retry-After and a problem body meanwhile, and the
 * service recovers by itself. The database is reached through a TCP proxy that the test cuts and restores.
 */

const databaseUrl = process.env.TEST_DATABASE_URL;

/** A TCP proxy to the PostgreSQL server that can drop every connection and refuse new ones. */
function startProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  let port = 0;
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    start: async () => {
      await listen();
      port = (server.address() as net.AddressInfo).port;
      return port;
    },
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
    restore: listen,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!databaseUrl)('a PostgreSQL outage', () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let proxy: ReturnType<typeof startProxy>;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    test = await openTestDatabase();
    await test.database.close();
    const target = new URL(test.url!);
    proxy = startProxy(target);
    const proxied = new URL(test.url!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(await proxy.start());
    database = await openDatabase({ databaseUrl: proxied.toString(), poolSize: 2 });
    const config = testConfig();
    app = await buildApp({ config, database, masterSecret: Buffer.alloc(32, 7) });
    await ensureFirstAdministrator(database.db, config, () => undefined);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
    await proxy?.stop().catch(() => undefined);
    await test?.drop();
  });

  const signIn = () => app.inject({ method: 'POST', url: '/api/auth/token/', headers: basic(ADMIN.username, ADMIN.password) });

  it('answers 503 with Retry-After while the database is away, and recovers by itself', async () => {
    const token = (await signIn()).json<{ access_token: string }>().access_token;
    const provider = { name: 'Outage relay', host: 'smtp.example.org', port: 25, security: 'none' };

    await proxy.cut();
    const answers = [
      await app.inject({ method: 'GET', url: '/api/auth/info/', headers: bearer(token) }),
      await app.inject({ method: 'GET', url: '/api/mail/administration/providers/', headers: bearer(token) }),
      await app.inject({ method: 'POST', url: '/api/mail/administration/providers/', headers: bearer(token), payload: provider }),
      await signIn(),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(answer.json()).toMatchObject({ type: '/problems/database-unavailable', status: 503 });
    }
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);

    await proxy.restore();
    await expect.poll(async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode, { timeout: 10_000 }).toBe(200);
    const created = await app.inject({ method: 'POST', url: '/api/mail/administration/providers/', headers: bearer(token), payload: provider });
    expect(created.statusCode, created.body).toBe(201);
    const providers = await app.inject({ method: 'GET', url: '/api/mail/administration/providers/', headers: bearer(token) });
    expect(providers.json<{ name: string }[]>().filter((row) => row.name === provider.name)).toHaveLength(1);
  });
});
