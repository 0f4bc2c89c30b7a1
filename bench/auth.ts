import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { ensureFirstAdministrator } from '../server/auth';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { inParallel, measure, printMeasurements, startBareServer, type Measurement } from './lib';

const USER_COUNT = 1_000;
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };

/** The auth service on a fresh PGlite database in a temporary folder, with USER_COUNT users. */
async function startAuthServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'caredesk-bench-'));
  const config = {
    ...loadConfig({}),
    dataDir,
    panelDir: path.join(dataDir, 'no-panel'),
    adminUsername: ADMIN.username,
    adminPassword: ADMIN.password,
    accessTokenTtlSeconds: 3600,
  };
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  const app = await buildApp({ config, database, masterSecret: Buffer.alloc(32, 1) });
  await ensureFirstAdministrator(database.db, config, () => undefined);
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const close = async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, close };
}

async function signIn(baseUrl: string): Promise<string> {
  const credentials = Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64');
  const response = await fetch(`${baseUrl}/api/auth/token/`, { method: 'POST', headers: { authorization: `Basic ${credentials}` } });
  if (!response.ok) throw new Error(`bench sign-in failed: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function createUsers(baseUrl: string, headers: Record<string, string>) {
  const numbers = Array.from({ length: USER_COUNT }, (_, index) => index);
  await inParallel(numbers, 8, async (number) => {
    const user = { username: `bench-user-${number}`, password: `bench-password-${number}`, public_name: `Bench User ${number}`, roles: ['caregiver'] };
    const response = await fetch(`${baseUrl}/api/auth/administration/users/`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(user),
    });
    if (response.status !== 201) throw new Error(`creating ${user.username} failed: ${response.status}`);
  });
}

/** Authenticated reads of the auth service against the bare-Fastify baseline, measured in one run. */
export async function benchAuth(): Promise<Measurement[]> {
  const bare = await startBareServer();
  const auth = await startAuthServer();
  try {
    const headers = { authorization: `Bearer ${await signIn(auth.baseUrl)}` };
    const started = Date.now();
    await createUsers(auth.baseUrl, headers);
    console.log(`Created ${USER_COUNT} users in ${((Date.now() - started) / 1000).toFixed(1)} s (argon2id hashing included).`);

    const baseline = await measure('GET /bare (plain Fastify)', bare.url);
    const measurements = [
      baseline,
      await measure('GET /api/auth/info/', `${auth.baseUrl}/api/auth/info/`, headers),
      await measure(`GET /api/auth/administration/users/ (${USER_COUNT + 1} users)`, `${auth.baseUrl}/api/auth/administration/users/`, headers),
    ];
    printMeasurements('Auth service (PGlite, 10 connections, 5 s each)', measurements, baseline);
    return measurements;
  } finally {
    await auth.close();
    await bare.close();
  }
}
