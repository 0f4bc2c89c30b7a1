// The mail log benchmark: p50/p99 of GET /api/mail/administration/mails/ (and one mail's details) on BENCH_MAIL_LOG_MAILS
// (1,000,000) mails seeded by one INSERT ... SELECT generate_series, on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) and on
// PGlite at BENCH_MAIL_LOG_PGLITE_MAILS (100,000). Scenarios: the default view, a deep page, searches for one recipient as a whole
// address (to and cc) and as a part of one, a sender, subject words, a Message-ID pasted whole and its start, state and date filters,
// each sort key, the exact total. Baseline: GET /api/auth/info/, the cheapest signed-in call, through the same app and database. Goal:
// each log query p99 ≤ 25 ms on PostgreSQL, each recorded as a goal. Every loop is bounded in count and time. Run alone with
// `npm run bench -- mail-log`.
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { ensureFirstAdministrator } from '../server/auth';
import { loadConfig, type Config } from '../server/config';
import type { Database } from '../server/db';
import { BITMAP_SCANS_ONLY, mailLogQueries } from '../server/mail/mail-log';
import { readMailLogSearch } from '../server/mail/schemas';
import {
  envNumber,
  latencyRows,
  printTable,
  recordGoal,
  timeRuns,
  withPglite,
  withPostgres,
  type Latency,
} from './lib';

const POSTGRES_MAILS = envNumber(['BENCH_MAIL_LOG_MAILS'], 1_000_000);
const PGLITE_MAILS = envNumber(['BENCH_MAIL_LOG_PGLITE_MAILS'], 100_000);
const RUNS = 200;
const WARMUP_RUNS = 5;
const SCENARIO_TIME_LIMIT_MS = 20_000;
const GOAL_P99_MS = 25;
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };
const FIRST_REQUEST = Date.parse('2024-01-01T00:00:00Z') / 1000;
const SECONDS_BETWEEN_MAILS = 30;
const RECIPIENTS = 200_000;
const CC_RECIPIENTS = 5_000;

interface Figures extends Latency {
  scenario: string;
  total: number;
  /** Judged against the goal. */
  judged: boolean;
}

interface MailLogBenchResult {
  database: 'pglite' | 'postgres';
  mails: number;
  seedSeconds: number;
  baseline: Figures;
  scenarios: Figures[];
  plans: { scenario: string; plan: string }[];
}

const randomInt = (below: number) => Math.floor(Math.random() * below);

/**
 * One statement for every mail: 10 senders, one of 200,000 recipients each and a cc on every third, a subject of five words, states
 * as a mail server sees them (97 % delivered, 1 % failed, 1 % retrying, 0.5 % queued, 0.5 % cancelled), a request every 30 seconds;
 * then an attempt for every tenth mail, for the details.
 */
export async function seed(database: Database, count: number): Promise<number> {
  const started = performance.now();
  // the search indexes are built once after the load (their own definitions, read back), instead of row by row during it
  const definitions = (await database.db.execute<{ indexname: string; indexdef: string }>(
    sql`select indexname, indexdef from pg_indexes where indexname in ('mail_search_trgm_idx', 'mail_search_tokens_idx')`,
  )) as { rows: { indexname: string; indexdef: string }[] };
  for (const { indexname } of definitions.rows) await database.db.execute(sql.raw(`drop index ${indexname}`));
  await database.db.execute(sql`
    insert into mails (reference_uid, sender, recipients, cc, subject, message, state, requested_at, attempts, completed_at, next_attempt_at,
                       error_message, cancelled_at, cancelled_by, message_id)
    select uid, sender, recipients, cc, subject, 'Dear customer,\nyour visit ' || i || ' is confirmed.', state, requested,
           case when state = 'queued' then 0 else 1 end,
           case when state in ('delivered', 'failed') then requested + interval '5 seconds' end,
           case when state in ('queued', 'retrying') then requested + interval '5 minutes' end,
           case when state in ('failed', 'retrying') then '451 Greylisted, try again later' end,
           case when state = 'cancelled' then requested + interval '1 minute' end,
           case when state = 'cancelled' then 'bench-admin' end,
           '<' || uid || '@' || split_part(sender, '@', 2) || '>'
      from (
        select uid, i, sender, recipients, cc, subject, requested,
               case when i % 200 = 0 then 'queued' when i % 200 = 1 then 'cancelled' when i % 100 = 2 then 'failed'
                    when i % 100 = 3 then 'retrying' else 'delivered' end as state
          from (
            select gen_random_uuid() as uid, i,
                   (array['office', 'care', 'billing', 'dispatch', 'hr', 'team', 'info', 'noreply', 'recruiting', 'support'])[1 + i % 10]
                     || '@caredesk.example' as sender,
                   array['client' || ((i * 7919) % ${RECIPIENTS}) || '@example.org'] as recipients,
                   case when i % 3 = 0 then array['team' || (i % ${CC_RECIPIENTS}) || '@caredesk.example'] else '{}'::text[] end as cc,
                   (array['Invoice', 'Visit', 'Contract', 'Timesheet', 'Reminder'])[1 + i % 5] || ' ' || i || ' for customer ' || (i % 50000) as subject,
                   to_timestamp(${FIRST_REQUEST} + i * ${SECONDS_BETWEEN_MAILS}) as requested
              from generate_series(1::bigint, ${count}::bigint) as i
          ) as generated
      ) as stated`);
  // as server/mail/queue.ts writes them (the tokens as migration 0009 computes them)
  await database.db.execute(sql`
    insert into mail_search (mail_uid, search_text, search_tokens)
    select reference_uid, search_text,
           array(select distinct token from (
             select lower(address) as token from unnest(array[sender] || recipients || cc || array[btrim(message_id, '<>')]) as address
             union all
             select word[1] from regexp_matches(search_text, '[a-z0-9]+', 'g') as word) as tokens)
      from (
        select *, lower(concat_ws(E'\n', sender, array_to_string(recipients, E'\n'), array_to_string(cc, E'\n'), subject, message_id)) as search_text
          from mails
      ) as searched`);
  await database.db.execute(sql`
    insert into mail_attempts (mail_uid, attempted_at, provider_uid, provider_name, provider_host, outcome, reply_code, reply_text, recipients)
    select reference_uid, requested_at + interval '4 seconds', '00000000-0000-4000-8000-000000000001', 'Bench relay', 'smtp.example.org',
           case when state = 'delivered' then 'delivered' when state = 'failed' then 'failed' else 'retrying' end, 250, '250 OK: queued',
           jsonb_build_array(jsonb_build_object('address', recipients[1], 'accepted', true, 'reply', '250 OK: queued'))
      from mails where state <> 'queued' and extract(epoch from requested_at)::bigint % 300 = 0`);
  for (const { indexdef } of definitions.rows) await database.db.execute(sql.raw(indexdef));
  if (database.kind === 'postgres') await database.db.execute(sql`vacuum analyze mails, mail_search, mail_attempts`);
  else await database.db.execute(sql`analyze mails, mail_search`);
  return (performance.now() - started) / 1000;
}

/** What a scenario's URL may draw on: the store's size and the uid of a random mail that has attempts. */
interface ScenarioContext {
  mails: number;
  someMail: () => string;
}

interface Scenario {
  name: string;
  url: (context: ScenarioContext) => string;
  judged?: boolean;
}

const LOG = '/api/mail/administration/mails/';
const list = (params: Record<string, string>) => `${LOG}?${new URLSearchParams(params)}`;
const lastRequest = (mails: number) => FIRST_REQUEST + mails * SECONDS_BETWEEN_MAILS;
const dayWindow = (mails: number) => {
  const from = FIRST_REQUEST + randomInt(lastRequest(mails) - FIRST_REQUEST - 86_400);
  return JSON.stringify({ requested: { from, to: from + 86_400 } });
};

/** A recipient as a person would paste it, its case as typed. */
const someRecipient = () => `Client${randomInt(RECIPIENTS)}@example.org`;

const SCENARIOS: Scenario[] = [
  { name: 'default view (newest first, page 1)', url: () => list({}) },
  { name: 'default view, page 50', url: () => list({ page: '50' }) },
  { name: 'recipient search, whole address (to, ~5 matches)', url: () => list({ query: someRecipient() }) },
  {
    name: 'recipient search, whole address (cc, 1 in 15,000)',
    url: () => list({ query: `team${randomInt(CC_RECIPIENTS)}@caredesk.example` }),
  },
  {
    name: 'recipient search, part of an address ("client4711@")',
    url: () => list({ query: `client${randomInt(RECIPIENTS)}@` }),
  },
  { name: 'sender search (1 in 10, "recruiting@")', url: () => list({ query: 'recruiting@' }) },
  { name: 'subject search (1 in 5, "timesheet")', url: () => list({ query: 'timesheet' }) },
  {
    name: 'subject search, one mail ("visit 12346 for")',
    url: ({ mails }) => list({ query: `visit ${5 * randomInt(mails / 5) + 1} for` }),
  },
  {
    name: 'Message-ID search, pasted whole (one mail)',
    url: ({ someMail }) => list({ query: `<${someMail()}@caredesk.example>` }),
  },
  { name: 'Message-ID search, its start ("<uid@")', url: ({ someMail }) => list({ query: `<${someMail()}@` }) },
  { name: 'state filter: failed', url: () => list({ filters: JSON.stringify({ state: ['failed'] }) }) },
  {
    name: 'state filter: queued + retrying',
    url: () => list({ filters: JSON.stringify({ state: ['queued', 'retrying'] }) }),
  },
  { name: 'requested filter: one day', url: ({ mails }) => list({ filters: dayWindow(mails) }) },
  {
    name: 'recipient search + state filter delivered',
    url: () => list({ query: someRecipient(), filters: JSON.stringify({ state: ['delivered'] }) }),
  },
  {
    name: 'sorted by sender, pages 1..10',
    url: () => list({ sort_by: 'sender', ordering: 'asc', page: String(1 + randomInt(10)) }),
  },
  { name: 'sorted by subject, descending', url: () => list({ sort_by: 'subject', ordering: 'des' }) },
  { name: 'sorted by state', url: () => list({ sort_by: 'state', ordering: 'asc' }) },
  { name: "one mail's details with its attempts", url: ({ someMail }) => `${LOG}${someMail()}/` },
  { name: 'default view, exact_total=true (kept count)', url: () => list({ exact_total: 'true' }) },
];

async function logApp(database: Database): Promise<{ app: FastifyInstance; token: string }> {
  const base = loadConfig({});
  const config: Config = {
    ...base,
    panelDir: path.join(tmpdir(), 'caredesk-bench-has-no-panel'),
    adminUsername: ADMIN.username,
    adminPassword: ADMIN.password,
    // one token serves the whole run, which outlasts the default 5 minutes on a loaded machine
    accessTokenTtlSeconds: 3600,
    mail: { ...base.mail, workerEnabled: false },
  };
  const app = await buildApp({ config, database, masterSecret: randomBytes(32) });
  await app.ready();
  await ensureFirstAdministrator(database.db, config, () => undefined);
  const authorization = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;
  const response = await app.inject({ method: 'POST', url: '/api/auth/token/', headers: { authorization } });
  if (response.statusCode !== 200) throw new Error(`bench sign-in failed: ${response.statusCode} ${response.body}`);
  return { app, token: response.json<{ access_token: string }>().access_token };
}

async function measureGet(
  app: FastifyInstance,
  token: string,
  scenario: string,
  url: () => string,
  judged = true,
): Promise<Figures> {
  let total = 0;
  const latency = await timeRuns(
    async () => {
      const response = await app.inject({ method: 'GET', url: url(), headers: { authorization: `Bearer ${token}` } });
      if (response.statusCode !== 200) throw new Error(`${scenario}: ${response.statusCode} ${response.body}`);
      total = response.json<{ total?: number }>().total ?? 1;
    },
    RUNS,
    SCENARIO_TIME_LIMIT_MS,
    WARMUP_RUNS,
  );
  return { scenario, ...latency, total, judged };
}

/** Uids of mails with attempts, for the details scenario. */
async function detailUids(database: Database): Promise<string[]> {
  const result = (await database.db.execute<{ mail_uid: string }>(
    sql`select mail_uid from mail_attempts order by id limit 1000`,
  )) as { rows: { mail_uid: string }[] };
  return result.rows.map((row) => row.mail_uid);
}

/** EXPLAIN (ANALYZE, BUFFERS) of a built query; `bitmapOnly` plans it as searchByTokens counts and sorts a few matches. */
async function explain(database: Database, scenario: string, query: SQLWrapper, bitmapOnly: boolean) {
  const result = (await database.db.transaction(async (tx) => {
    if (bitmapOnly) await tx.execute(BITMAP_SCANS_ONLY);
    return tx.execute<Record<string, string>>(sql`explain (analyze, buffers) ${query}`);
  })) as { rows: Record<string, string>[] };
  return { scenario, plan: result.rows.map((row) => Object.values(row)[0]).join('\n') };
}

/** The plans of the default view and some searches, page and count (a search through search_tokens as it runs with a few matches). */
async function plans(database: Database) {
  const request = (query: string) => readMailLogSearch({ query });
  const checks = [];
  const searches = [
    ['default view', '', false],
    ['recipient search, whole address', 'client4711@example.org', true],
    ['recipient search, part of an address', 'client4711@', false],
    ['subject search, one mail', 'visit 12346 for', true],
    ['sender search', 'recruiting@', false],
  ] as const;
  for (const [scenario, query, bitmapOnly] of searches) {
    const queries = mailLogQueries(database.db, request(query));
    checks.push(
      await explain(database, `${scenario} (page)`, queries.page, bitmapOnly),
      await explain(database, `${scenario} (count)`, queries.count, bitmapOnly),
    );
  }
  return checks;
}

async function benchOn(database: Database, mails: number): Promise<MailLogBenchResult> {
  const seedSeconds = await seed(database, mails);
  const { app, token } = await logApp(database);
  try {
    const baseline = await measureGet(app, token, 'baseline: GET /api/auth/info/', () => '/api/auth/info/', false);
    const uids = await detailUids(database);
    const context = { mails, someMail: () => uids[randomInt(uids.length)] };
    const scenarios: Figures[] = [];
    for (const scenario of SCENARIOS)
      scenarios.push(await measureGet(app, token, scenario.name, () => scenario.url(context), scenario.judged ?? true));
    return { database: database.kind, mails, seedSeconds, baseline, scenarios, plans: await plans(database) };
  } finally {
    await app.close();
  }
}

function print(result: MailLogBenchResult) {
  printTable(
    `Mail log on ${result.database}: ${result.mails.toLocaleString('en')} mails (seeded in ${result.seedSeconds.toFixed(0)} s), in-process requests; ratios: latency / baseline latency`,
    ['scenario', 'p50 ms', 'p99 ms', 'p50 vs. base', 'p99 vs. base', 'runs', 'total'],
    latencyRows(result.baseline, result.scenarios, 2),
  );
  for (const { scenario, plan } of result.plans) console.log(`\nEXPLAIN ${scenario}:\n${plan.replace(/^/gm, '  ')}`);
}

/** Every judged query is a goal of its own (PASS or MISS), then the worst of them. */
function recordGoals(result: MailLogBenchResult) {
  const judged = result.scenarios.filter((figures) => figures.judged);
  const size = `${result.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${result.mails.toLocaleString('en')} mails`;
  for (const figures of judged) {
    recordGoal({
      section: 'mail-log',
      goal: `${figures.scenario}: p99 ≤ ${GOAL_P99_MS} ms (${size})`,
      measured: `p50 ${figures.p50Ms.toFixed(1)} ms (${(figures.p50Ms / result.baseline.p50Ms).toFixed(1)}× base), p99 ${figures.p99Ms.toFixed(1)} ms`,
      pass: figures.p99Ms <= GOAL_P99_MS,
    });
  }
  const worst = judged.reduce((slowest, figures) => (figures.p99Ms > slowest.p99Ms ? figures : slowest));
  recordGoal({
    section: 'mail-log',
    goal: `every mail log query p99 ≤ ${GOAL_P99_MS} ms (${size})`,
    measured: `worst p99 ${worst.p99Ms.toFixed(1)} ms (${worst.scenario}); ${(worst.p99Ms / result.baseline.p99Ms).toFixed(1)}× baseline p99`,
    pass: worst.p99Ms <= GOAL_P99_MS,
  });
}

/** PostgreSQL at full size when a URL is set (the goal is judged there), then PGlite at its smaller size. */
export async function runMailLogBench(): Promise<MailLogBenchResult[]> {
  const results: MailLogBenchResult[] = [];
  const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    const result = await withPostgres(postgresUrl, (database) => benchOn(database, POSTGRES_MAILS));
    print(result);
    recordGoals(result);
    results.push(result);
  } else console.log('\nMail log on PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
  const pglite = await withPglite((database) => benchOn(database, PGLITE_MAILS));
  print(pglite);
  results.push(pglite);
  return results;
}
