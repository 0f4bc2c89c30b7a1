import { Histogram, Registry } from 'prom-client';
import { createMailWorker } from '../../../server/mail';
import { RequestDurations } from '../../../server/metrics';
import { createTestApp, type TestApp } from '../support/helpers';
import { aMail, sendMail } from '../support/mail-helpers';

/** GET /api/metrics: Prometheus text for a bearer of METRICS_TOKEN, or for loopback clients when no token is set. */
const TOKEN = 'metrics-token-0123456789';
let open: TestApp;
let guarded: TestApp;
beforeAll(async () => {
  open = await createTestApp();
  guarded = await createTestApp({ config: { metricsToken: TOKEN }, withAdmin: false });
});
afterAll(async () => {
  await open?.close();
  await guarded?.close();
});

const scrape = (t: TestApp, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '127.0.0.1', ...options });

/** The value of one sample line (`name{labels} value`), or undefined when there is none. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('without METRICS_TOKEN', () => {
  test.each(['127.0.0.1', '127.3.4.5', '::1', '::ffff:127.0.0.1'])(
    'a loopback client (%s) reads the metrics',
    async (remoteAddress) => {
      const response = await scrape(open, { remoteAddress });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('# TYPE process_cpu_user_seconds_total counter');
    },
  );

  test.each(['10.1.2.3', '192.168.0.7', '2001:db8::1', '::ffff:10.0.0.1'])(
    'a client at %s gets a 403 problem',
    async (remoteAddress) => {
      const response = await scrape(open, { remoteAddress });
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({ type: '/problems/forbidden', status: 403 });
      expect(response.body).not.toContain('process_cpu');
    },
  );
});

describe('with METRICS_TOKEN', () => {
  test('the token as a bearer token reads the metrics from any address', async () => {
    const response = await scrape(guarded, {
      remoteAddress: '10.9.8.7',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('caredesk_http_request_duration_seconds');
  });

  test.each([
    ['no token, even from loopback', {}],
    ['a wrong token', { authorization: `Bearer ${TOKEN}x` }],
    ['a prefix of the token', { authorization: `Bearer ${TOKEN.slice(0, 10)}` }],
    ['the token as a password', { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` }],
  ])('%s gets a 401 problem', async (_name, headers) => {
    const response = await scrape(guarded, { headers });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.json()).toMatchObject({ type: '/problems/unauthorized', status: 401 });
  });
});

test('request durations are counted by route pattern and status, never by raw URL', async () => {
  const user = await open.createUser();
  await open.as({ method: 'GET', url: `/api/auth/administration/users/${user.domain_user.uid}/` });
  await open.as({ method: 'GET', url: `/api/auth/administration/users/00000000-0000-4000-8000-000000000000/` });
  await open.app.inject({ method: 'GET', url: '/api/no/such/thing/?secret=1' });
  const text = (await scrape(open)).body;

  const series = (route: string, status: number) =>
    `caredesk_http_request_duration_seconds_count{method="GET",route="${route}",status="${status}"}`;
  expect(sample(text, series('/api/auth/administration/users/:uid/', 200))).toBe(1);
  expect(sample(text, series('/api/auth/administration/users/:uid/', 404))).toBe(1);
  expect(sample(text, series('no route', 404))).toBeGreaterThanOrEqual(1);
  expect(text).not.toContain(user.domain_user.uid);
  expect(text).not.toContain('secret');
});

test("the request durations read as prom-client's own histogram of the same observations", async () => {
  const ours = new Registry();
  const durations = new RequestDurations('durations', 'Time to answer', [0.1, 1]);
  ours.registerMetric(durations as unknown as Histogram);
  const prom = new Registry();
  const histogram = new Histogram({
    name: 'durations',
    help: 'Time to answer',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.1, 1],
    registers: [prom],
  });
  const observations = [
    ['GET', '/api/a/', 200, 0.05],
    ['GET', '/api/a/', 200, 0.1],
    ['GET', '/api/a/', 200, 0.5],
    ['POST', '/api/b/:uid/', 404, 0.25],
    ['GET', '/api/a/', 200, 7],
    ['GET', 'no route', 404, 1],
  ] as const;
  for (const [method, route, status, seconds] of observations) {
    durations.observe(method, route, status, seconds);
    histogram.observe({ method, route, status: String(status) }, seconds);
  }
  expect(await ours.metrics()).toBe(await prom.metrics());
  expect(await ours.metrics()).toContain('durations_bucket{le="1",method="GET",route="/api/a/",status="200"} 3');
});

test('mails by state come from the database, deliveries by outcome from the worker', async () => {
  const before = (await scrape(open)).body;
  expect(sample(before, 'caredesk_mails{state="queued"}')).toBe(0);
  expect(sample(before, 'caredesk_mail_deliveries_total{outcome="failed"}')).toBeUndefined();

  await sendMail(open, aMail({ sender: 'nobody@unrouted.example' }));
  await sendMail(open, aMail({ sender: 'nobody@unrouted.example' }));
  const cancelled = await sendMail(open, aMail({ sender: 'nobody@unrouted.example' }));
  expect(
    (await open.as({ method: 'POST', url: `/api/mail/administration/mails/${cancelled}/cancel/` })).statusCode,
  ).toBe(200);
  const queued = (await scrape(open)).body;
  expect(sample(queued, 'caredesk_mails{state="queued"}')).toBe(2);
  expect(sample(queued, 'caredesk_mails{state="cancelled"}')).toBe(1);

  // no account matches the sender: each delivery fails for good
  const worker = createMailWorker({
    db: open.db,
    masterSecret: open.masterSecret,
    config: open.config.mail,
    onOutcome: open.app.metrics.countDelivery,
  });
  expect(await worker.deliverDue()).toBe(2);
  const after = (await scrape(open)).body;
  expect(sample(after, 'caredesk_mails{state="queued"}')).toBe(0);
  expect(sample(after, 'caredesk_mails{state="failed"}')).toBe(2);
  expect(sample(after, 'caredesk_mail_deliveries_total{outcome="failed"}')).toBe(2);
});

test('the PostgreSQL pool figures are there on PostgreSQL, and absent on PGlite', async () => {
  const text = (await scrape(open)).body;
  if (open.database.kind === 'postgres') {
    expect(sample(text, 'caredesk_database_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'caredesk_database_pool_connections{state="waiting"}')).toBe(0);
  } else {
    expect(text).not.toContain('caredesk_database_pool_connections');
  }
});

test('the metrics route is in the OpenAPI document and refuses query parameters like every service route', async () => {
  const document = (await open.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, unknown>;
  }>();
  expect(Object.keys(document.paths)).toContain('/api/metrics');
  const response = await open.app.inject({ method: 'GET', url: '/api/metrics?x=1', remoteAddress: '127.0.0.1' });
  expect(response.statusCode).toBe(400);
});
