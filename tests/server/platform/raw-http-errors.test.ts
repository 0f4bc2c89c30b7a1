import net from 'node:net';
import { createTestApp } from '../support/helpers';

/**
 * What Node's HTTP parser and Fastify's router refuse before any route runs is answered with a problem body too, once per
 * request, over a real socket.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t?.close());

/** Sends raw bytes; resolves with everything the server sent once it closes the connection or goes quiet for 1.5 s. */
function exchange(request: string): Promise<string> {
  return new Promise((resolve) => {
    let answer = '';
    let quiet: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(quiet);
      socket.destroy();
      resolve(answer);
    };
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      clearTimeout(quiet);
      quiet = setTimeout(done, 1_500);
    });
    socket.on('close', done);
    socket.on('error', done);
    quiet = setTimeout(done, 5_000);
  });
}

function expectOneProblem(answer: string, status: number, type: string) {
  const statusLines = answer.match(/^HTTP\/1\.1 \d{3}/gm) ?? [];
  expect(statusLines, answer).toEqual([`HTTP/1.1 ${status}`]);
  expect(answer).toMatch(/content-type: application\/problem\+json/i);
  const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4).replace(/^[0-9a-f]+\r\n|\r\n0\r\n\r\n$/g, ''));
  expect(body).toMatchObject({ type: `/problems/${type}`, status });
  expect(typeof body.title).toBe('string');
  expect(typeof body.detail).toBe('string');
}

test('headers over the size limit: 431', async () => {
  expectOneProblem(
    await exchange(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    431,
    'request-header-fields-too-large',
  );
});

test('a URL longer than the header limit: 431', async () => {
  expectOneProblem(
    await exchange(`GET /api/auth/${'a'.repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
    431,
    'request-header-fields-too-large',
  );
});

test('a request line that is not HTTP: 400', async () => {
  expectOneProblem(await exchange('HELLO WORLD\r\n\r\n'), 400, 'bad-request');
});

test('a URL that cannot be decoded: 400', async () => {
  expectOneProblem(await exchange('GET /api/auth/%E0%A4%A HTTP/1.1\r\nHost: x\r\n\r\n'), 400, 'bad-request');
  expectOneProblem(await exchange('GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n'), 400, 'bad-request');
});

test('a path parameter over its length: 414', async () => {
  expectOneProblem(
    await exchange(`GET /api/auth/administration/users/${'a'.repeat(200)}/ HTTP/1.1\r\nHost: x\r\n\r\n`),
    414,
    'uri-too-long',
  );
});

test('an Expect header other than 100-continue: 417', async () => {
  expectOneProblem(
    await exchange('POST /api/auth/token/ HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nContent-Length: 2\r\n\r\n{}'),
    417,
    'expectation-failed',
  );
});

test('a malformed chunked body gets one answer', async () => {
  const request =
    'POST /api/auth/administration/ban-users/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n';
  expectOneProblem(await exchange(request), 400, 'bad-request');
  const answered =
    'POST /api/auth/token/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\nzz\r\n';
  const answer = await exchange(answered);
  expect((answer.match(/^HTTP\/1\.1 \d{3}/gm) ?? []).length, answer).toBeLessThanOrEqual(1);
});

describe('CONNECT, which Node hands to the server itself instead of to Fastify', () => {
  const methodsServed = /^allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r$/im;

  it.each(['example:443', '/api/auth/info/', '/api/health'])(
    'CONNECT %s: 405 as a problem naming the methods served, then the connection closes',
    async (target) => {
      const answer = await exchange(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`);
      expectOneProblem(answer, 405, 'method-not-allowed');
      expect(answer).toMatch(methodsServed);
      expect(answer).toMatch(/^connection: close\r$/im);
    },
  );

  it('after a request on the same connection: that request is answered first', async () => {
    const answer = await exchange(
      'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\nCONNECT example:443 HTTP/1.1\r\nHost: example:443\r\n\r\n',
    );
    // the 405 follows the 200's body directly
    expect(answer.match(/HTTP\/1\.1 \d{3}/g), answer).toEqual(['HTTP/1.1 200', 'HTTP/1.1 405']);
    expect(answer).toMatch(methodsServed);
  });
});

test('the server still answers afterwards', async () => {
  const response = await fetch(`http://127.0.0.1:${port}/api/health`);
  expect(response.status).toBe(200);
});
