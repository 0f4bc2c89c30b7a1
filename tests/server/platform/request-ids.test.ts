import { Writable } from 'node:stream';
import { createTestApp } from '../support/helpers';

/** Every request has an id: the caller's X-Request-Id when well formed, else a new one; echoed, and in every log line of the request. */

const lines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'debug', stream: logStream } });
});
afterAll(() => t?.close());

test('a well-formed incoming id is used, echoed and logged', async () => {
  const response = await t.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'proxy-1234.abc' } });
  expect(response.headers['x-request-id']).toBe('proxy-1234.abc');
  const logged = lines.filter((line) => line.reqId === 'proxy-1234.abc');
  expect(logged.filter((line) => line.msg === 'request completed')).toHaveLength(1);
});

test('one line per request: a success at debug, a refusal at info, each with method, URL, status and time', async () => {
  const ok = await t.inject({ method: 'GET', url: '/api/health/live' });
  const missing = await t.inject({ method: 'GET', url: '/api/nothing/here/' });
  const [okLine] = lines.filter((line) => line.reqId === ok.headers['x-request-id']);
  const missingLines = lines.filter((line) => line.reqId === missing.headers['x-request-id']);
  expect(okLine).toMatchObject({
    level: 20,
    msg: 'request completed',
    req: { method: 'GET', url: '/api/health/live' },
    res: { statusCode: 200 },
  });
  expect(okLine.responseTime).toEqual(expect.any(Number));
  expect(missingLines).toMatchObject([{ level: 30, msg: 'request completed', res: { statusCode: 404 } }]);
});

test.each([['<script>'], ['x'.repeat(200)], ['two words']])(
  'a malformed id %s is replaced by a new one',
  async (incoming) => {
    const response = await t.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': incoming } });
    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.some((line) => line.reqId === id)).toBe(true);
  },
);

test('without one, each request gets its own, errors included', async () => {
  const first = await t.inject({ method: 'GET', url: '/api/nothing/' });
  const second = await t.inject({ method: 'GET', url: '/api/nothing/' });
  expect(first.statusCode).toBe(404);
  expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
});
