import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../server/app';
import { ensureFirstAdministrator } from '../../../server/auth';
import { loadConfig, type Config } from '../../../server/config';
import { openDatabase, type Database } from '../../../server/db';
import { passwordAuthentications, refreshTokens } from '../../../server/db/schema';
import {
  copyPgliteTemplate,
  databaseUrl,
  ensurePostgresTemplate,
  pgliteTemplateDump,
  withClient,
} from './database-templates';

export const ADMIN = { username: 'admin', password: 'admin-password' } as const;
export const AUTH = '/api/auth';

export interface TokenPair {
  access_token: string;
  issued: number;
  expires: number;
  refresh_token: string;
  /** At a sign-in: the browser's device token for the username. */
  device_token?: string;
}

export interface PanelUser {
  domain_user: {
    uid: string;
    public_name: string;
    roles: string[];
    banned: boolean;
    locked: boolean;
    last_sign_in: number | null;
  };
  authentication_methods: { type: 'password'; username: string }[];
  sign_in: 'password' | 'oidc';
  provider_link: {
    issuer: string;
    subject: string;
    linked_at: number;
    last_sign_in: number | null;
    roles_managed: boolean;
  } | null;
}

interface NewUser {
  username: string;
  password: string;
  public_name: string;
  roles: string[];
}

interface TestAppOptions {
  config?: Partial<Config>;
  /** Create the administrator ADMIN (default true). */
  withAdmin?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** The clock of the OpenID Connect provider's word on its sessions. */
  now?: () => number;
}

export const basic = (username: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
});
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let counter = 0;
/** A unique suffix, so tests sharing an app do not collide on usernames or addresses. */
export const unique = (prefix = 'user') => `${prefix}${process.pid}x${++counter}`;
/** A unique client address for app.inject's remoteAddress. */
export const uniqueAddress = () => `10.${(++counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;

export interface TestDatabase {
  database: Database;
  url?: string;
  /** Removes the PostgreSQL database; a PGlite one has nothing to remove. */
  drop: () => void | Promise<void>;
}

/** A fresh migrated database: in-memory PGlite, or a new PostgreSQL database when TEST_DATABASE_URL is set. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ pgliteDump: await pgliteTemplateDump() });
    return { database, drop: () => undefined };
  }
  const url = await createPostgresDatabase(adminUrl);
  // a test's burst of requests may wait long for one of 5 pooled connections on a loaded machine: sized for one three times slower
  const database = await openDatabase({ databaseUrl: url, poolSize: 5, connectTimeoutMs: 30_000 });
  return { database, url, drop: () => dropPostgresDatabase(adminUrl, url) };
}

const idlePglites: Database[] = [];
let templateRows: Promise<TemplateRows> | undefined;

/**
 * An in-memory PGlite for createTestApp, emptied back to the template's rows when a test app closes and kept for the next one
 * in this worker: emptying it takes a tenth of loading the template again, which was a quarter of the service tests' time on
 * PGlite. Its `close` gives it back, or closes it when it no longer answers (a test broke it); there is nothing to drop.
 */
async function reusedPglite(): Promise<TestDatabase> {
  const database = idlePglites.pop() ?? (await openDatabase({ pgliteDump: await pgliteTemplateDump() }));
  templateRows ??= rowsOf(database);
  await templateRows;
  let released = false;
  const release = async () => {
    if (released) return; // a second close must not hand it out twice
    released = true;
    const emptied = await resetToTemplate(database, await templateRows!).then(
      () => true,
      () => false,
    );
    if (emptied) idlePglites.push(database);
    else await database.close().catch(() => undefined);
  };
  return { database: { ...database, close: release }, drop: () => undefined };
}

type TemplateRows = { tables: string[]; rows: Map<string, unknown[]> };

/** The template's tables and the rows its migrations put in (role policy, counters). */
async function rowsOf(database: Database): Promise<TemplateRows> {
  const select = async <T extends Record<string, unknown>>(query: SQL) => (await database.db.execute<T>(query)).rows;
  const tables = await select<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public'`,
  );
  const rows = new Map<string, unknown[]>();
  for (const { name } of tables) {
    const content = await select(sql`select * from ${sql.identifier(name)}`);
    if (content.length) rows.set(name, content);
  }
  return { tables: tables.map(({ name }) => name), rows };
}

async function resetToTemplate(database: Database, template: TemplateRows): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(
      sql.raw(`truncate ${template.tables.map((name) => `"${name}"`).join(', ')} restart identity cascade`),
    );
    for (const [name, rows] of template.rows) {
      await tx.execute(
        sql`insert into ${sql.identifier(name)} select * from json_populate_recordset(null::${sql.identifier(name)}, ${JSON.stringify(rows)}::json)`,
      );
    }
  });
}

async function createPostgresDatabase(adminUrl: string): Promise<string> {
  const template = await ensurePostgresTemplate(adminUrl);
  const name = `caredesk_t_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`create database ${name} template ${template}`));
  return databaseUrl(adminUrl, name);
}

async function dropPostgresDatabase(adminUrl: string, url: string) {
  const name = new URL(url).pathname.slice(1);
  await withClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
}

/**
 * Storage for a spawned server process: a data folder (removed by `remove`) whose migrated database is PGlite in the folder, or a
 * fresh PostgreSQL database named in `env.DATABASE_URL` when TEST_DATABASE_URL is set.
 */
export async function serverStorage(
  prefix = 'caredesk-server-',
): Promise<{ dataDir: string; env: Record<string, string>; databaseUrl?: string; remove: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const url = adminUrl ? await createPostgresDatabase(adminUrl) : undefined;
  if (!url) await copyPgliteTemplate(path.join(dataDir, 'pglite'));
  return {
    dataDir,
    env: { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) },
    databaseUrl: url,
    remove: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      if (adminUrl && url) await dropPostgresDatabase(adminUrl, url);
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    panelDir: path.join(tmpdir(), 'caredesk-tests-have-no-panel'),
    adminUsername: ADMIN.username,
    adminPassword: ADMIN.password,
    passwordHashCost: 'test',
    ...overrides,
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export async function createTestApp(options: TestAppOptions = {}) {
  const config = testConfig(options.config);
  const { database, url, drop } = process.env.TEST_DATABASE_URL ? await openTestDatabase() : await reusedPglite();
  const masterSecret = Buffer.alloc(32, 7);
  const app = await buildApp({ config, database, masterSecret, logger: options.logger ?? false, now: options.now });
  await app.ready();
  if (options.withAdmin !== false) await ensureFirstAdministrator(database.db, config, () => undefined);

  let adminPair: TokenPair | undefined;
  const sentPasswords = new Set<string>();
  const responses: string[] = [];

  /** app.inject, remembering the passwords sent and every response, for secretsIn(). */
  async function inject(request: InjectOptions): Promise<LightMyRequestResponse> {
    rememberPasswords(request, sentPasswords);
    const response = await app.inject(request);
    responses.push(JSON.stringify(response.headers) + response.body);
    return response;
  }

  /** Every response so far that shows a password sent in a request, a password hash or a refresh token hash. */
  async function responsesShowingSecrets(): Promise<string[]> {
    const passwordHashes = await database.db
      .select({ value: passwordAuthentications.passwordHash })
      .from(passwordAuthentications);
    const tokenHashes = await database.db.select({ value: refreshTokens.tokenHash }).from(refreshTokens);
    const secrets = [...sentPasswords, ...[...passwordHashes, ...tokenHashes].map((row) => row.value), '$argon2'];
    return responses
      .filter((response) => secrets.some((secret) => response.includes(secret)))
      .map((response) => `${secrets.find((secret) => response.includes(secret))} in ${response}`);
  }

  async function signIn(username: string, password: string, remoteAddress?: string): Promise<TokenPair> {
    const response = await inject({
      method: 'POST',
      url: `${AUTH}/token/`,
      headers: basic(username, password),
      remoteAddress,
    });
    if (response.statusCode !== 200)
      throw new Error(`sign-in of ${username} failed: ${response.statusCode} ${response.body}`);
    return response.json();
  }

  async function adminToken(): Promise<string> {
    adminPair ??= await signIn(ADMIN.username, ADMIN.password);
    return adminPair.access_token;
  }

  /** An authenticated request as the administrator (or as `token`). */
  async function as(request: InjectOptions & { token?: string }): Promise<LightMyRequestResponse> {
    const { token, ...rest } = request;
    return inject({ ...rest, headers: { ...bearer(token ?? (await adminToken())), ...rest.headers } });
  }

  async function createUser(
    overrides: Partial<NewUser> = {},
  ): Promise<PanelUser & { password: string; username: string }> {
    const user: NewUser = {
      username: unique(),
      password: 'secret-password',
      public_name: unique('Name '),
      roles: [],
      ...overrides,
    };
    const response = await as({ method: 'POST', url: `${AUTH}/administration/users/`, payload: user });
    if (response.statusCode !== 201)
      throw new Error(`creating ${user.username} failed: ${response.statusCode} ${response.body}`);
    return { ...response.json<PanelUser>(), password: user.password, username: user.username };
  }

  async function close() {
    await app.close();
    await database.close();
    await drop();
  }

  return {
    app: app,
    config,
    database,
    db: database.db,
    databaseUrl: url,
    masterSecret,
    inject,
    as,
    responsesShowingSecrets,
    signIn,
    adminToken,
    createUser,
    close,
  };
}

/** Passwords worth looking for in responses: valid ones (7+ characters) from JSON bodies and Basic headers. */
function rememberPasswords(request: InjectOptions, passwords: Set<string>) {
  const payload = request.payload as { password?: unknown } | undefined;
  if (payload && typeof payload === 'object' && typeof payload.password === 'string') passwords.add(payload.password);
  const authorization = request.headers?.authorization;
  if (typeof authorization === 'string' && authorization.startsWith('Basic ')) {
    const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
    if (decoded.includes(':')) passwords.add(decoded.slice(decoded.indexOf(':') + 1));
  }
  for (const password of passwords) if (password.length < 7) passwords.delete(password);
}
