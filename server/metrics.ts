import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from './db';
import type { DeliveryOutcome } from './mail';
import { HttpProblem, problemType } from './shared/problem';
import { problems } from '../contracts/common';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: { countDelivery: (outcome: DeliveryOutcome) => void };
  }
}

const MAIL_STATES = ['queued', 'retrying', 'delivered', 'failed', 'cancelled'] as const;

/**
 * `GET /api/metrics` in Prometheus' text format (docs/operations.md): request durations by route pattern and status,
 * mails by state (counted at scrape time), deliveries by outcome (counted by the mail worker through `app.metrics`), the
 * PostgreSQL pool's connections, and Node's process metrics. Readers: a bearer of METRICS_TOKEN, or loopback clients when none is set.
 */
export function metricsRoutes(app: FastifyInstance, { database, token }: { database: Database; token?: string }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const durations = new RequestDurations(
    'caredesk_http_request_duration_seconds',
    'Time to answer a request, by method, route pattern and status',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  );
  // prom-client's registry reads a metric through its name, type, get() and reset(), which RequestDurations has
  registry.registerMetric(durations as unknown as Histogram);
  // the route pattern, never the URL: ids and query strings would make a series per request
  app.addHook('onResponse', (request, reply, done) => {
    durations.observe(
      request.method,
      request.routeOptions.url ?? 'no route',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  const deliveries = new Counter({
    name: 'caredesk_mail_deliveries_total',
    help: 'Delivery attempts by outcome',
    labelNames: ['outcome'],
    registers: [registry],
  });
  app.decorate('metrics', { countDelivery: (outcome: DeliveryOutcome) => deliveries.inc({ outcome }) });
  new Gauge({
    name: 'caredesk_mails',
    help: 'Mails by state',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const counts = await mailsByState(database).catch(() => undefined); // a database outage leaves the last figures
      for (const state of MAIL_STATES) if (counts) this.set({ state }, counts[state]);
    },
  });
  const pool = database.pool;
  if (pool) {
    new Gauge({
      name: 'caredesk_database_pool_connections',
      help: 'PostgreSQL pool: connections in all (total), unused (idle), and requests waiting for one (waiting)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  app.get(
    '/api/metrics',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Metrics in Prometheus text format',
        description:
          'For `Authorization: Bearer <METRICS_TOKEN>` (a missing or wrong one is 401 `/problems/unauthorized` with WWW-Authenticate: ' +
          'Bearer); when METRICS_TOKEN is not set, for loopback clients only (others get 403 `/problems/forbidden`). The series are listed ' +
          'in docs/operations.md, Metrics and health.',
        response: problems(401, 403),
      },
      onRequest: (request, _reply, done) => {
        admitScraper(request, token);
        done();
      },
    },
    async (_request, reply) => {
      reply.type(registry.contentType);
      return registry.metrics();
    },
  );
}

interface DurationSeries {
  labels: { method: string; route: string; status: string };
  /** Observations per bucket (not cumulative); the last counts those above the largest bound. */
  counts: number[];
  sum: number;
}

/**
 * A histogram of request durations by method, route pattern and status, written as prom-client writes its histograms.
 * prom-client's Histogram checks and hashes the labels of every observation, some 2 µs of a request that takes 30 to 60 in all
 * (bench/auth.ts); this one finds a series by one map lookup.
 */
export class RequestDurations {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, DurationSeries>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly upperBounds: number[],
  ) {}

  observe(method: string, route: string, status: number, seconds: number) {
    const key = `${status} ${method} ${route}`;
    let series = this.series.get(key);
    if (series === undefined) {
      const counts = new Array<number>(this.upperBounds.length + 1).fill(0);
      series = { labels: { method, route, status: String(status) }, counts, sum: 0 };
      this.series.set(key, series);
    }
    let bucket = 0;
    while (bucket < this.upperBounds.length && seconds > this.upperBounds[bucket]) bucket++;
    series.counts[bucket] += 1;
    series.sum += seconds;
  }

  /** Each series' cumulative buckets (`le`, then +Inf), its sum and its count, as prom-client's Histogram reports them. */
  get() {
    const bucketName = `${this.name}_bucket`;
    const values = [...this.series.values()].flatMap(({ labels, counts, sum }) => {
      let cumulative = 0;
      const buckets = this.upperBounds.map((le, index) => ({
        labels: { le, ...labels },
        value: (cumulative += counts[index]),
        metricName: bucketName,
      }));
      const count = cumulative + counts[this.upperBounds.length];
      return [
        ...buckets,
        { labels: { le: '+Inf', ...labels }, value: count, metricName: bucketName },
        { labels, value: sum, metricName: `${this.name}_sum` },
        { labels, value: count, metricName: `${this.name}_count` },
      ];
    });
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values });
  }

  reset() {
    this.series.clear();
  }
}

/** Each state counted on its own partial index (server/db/schema/mail.ts; cancelled on the state's index), so a scrape reads only index pages. */
async function mailsByState(database: Database): Promise<Record<(typeof MAIL_STATES)[number], number>> {
  const result = await database.db.execute<Record<(typeof MAIL_STATES)[number], number>>(sql`select
    (select count(*) from mails where state = 'queued')::int as queued,
    (select count(*) from mails where state = 'retrying')::int as retrying,
    (select count(*) from mails where state = 'delivered')::int as delivered,
    (select count(*) from mails where state = 'failed')::int as failed,
    (select count(*) from mails where state = 'cancelled')::int as cancelled`);
  return result.rows[0];
}

const digest = (value: string) => createHash('sha256').update(value).digest();

function admitScraper(request: FastifyRequest, token: string | undefined) {
  if (token === undefined) {
    if (isLoopback(request.ip)) return;
    throw new HttpProblem(
      403,
      'Forbidden',
      'Metrics are served to loopback clients only, unless METRICS_TOKEN is set.',
      { type: problemType('forbidden') },
    );
  }
  const presented = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (presented === undefined || !timingSafeEqual(digest(presented), digest(token))) {
    throw new HttpProblem(401, 'Unauthorized', 'The metrics token is missing or wrong.', {
      type: problemType('unauthorized'),
      headers: { 'www-authenticate': 'Bearer' },
    });
  }
}

const isLoopback = (address: string) => /^(?:127\.|::ffff:127\.)/.test(address) || address === '::1';
