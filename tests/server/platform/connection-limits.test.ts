import net from 'node:net';
import { createTestApp } from '../support/helpers';

/** Slow and idle clients are cut off and the number of connections is bounded, so they cannot starve other clients. */

const LIMITS = {
  headersTimeoutMs: 1_000,
  requestTimeoutMs: 2_000,
  idleTimeoutMs: 1_500,
  keepAliveTimeoutMs: 1_000,
  maxConnections: 3,
};

let t: Awaited<ReturnType<typeof createTestApp>>;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ withAdmin: false, config: { http: LIMITS } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t?.close());

const open = () =>
  new Promise<net.Socket>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });

/** Milliseconds until the server closes the socket (at most `limit`, then -1). */
const closedAfter = (socket: net.Socket, limit: number) =>
  new Promise<number>((resolve) => {
    const started = Date.now();
    const timer = setTimeout(() => resolve(-1), limit);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
    socket.resume();
  });

test('a client that never finishes its headers is closed', async () => {
  const socket = await open();
  socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ');
  const drip = setInterval(() => socket.writable && socket.write('a'), 200);
  const elapsed = await closedAfter(socket, 8_000);
  clearInterval(drip);
  expect(elapsed).toBeGreaterThan(0);
});

test('a client that sends nothing is closed', async () => {
  expect(await closedAfter(await open(), 8_000)).toBeGreaterThan(0);
});

test('a body that never completes is cut off', async () => {
  const socket = await open();
  socket.write(
    'POST /api/intake/care-request/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
  );
  const drip = setInterval(() => socket.writable && socket.write(' '), 300);
  const elapsed = await closedAfter(socket, 10_000);
  clearInterval(drip);
  expect(elapsed).toBeGreaterThan(0);
});

test('connections beyond the limit are refused while the others stay open, and accepted again once they close', async () => {
  const held = await Promise.all([open(), open(), open()]);
  const beyond = await open();
  expect(await closedAfter(beyond, 1_000)).toBeGreaterThanOrEqual(0);
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => setTimeout(resolve, 100));
  const response = await fetch(`http://127.0.0.1:${port}/api/health`);
  expect(response.status).toBe(200);
});
