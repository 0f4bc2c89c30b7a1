// After a build: proves docs/operations.md's "Production install". dist/, dist-server/, package.json and package-lock.json alone
// in a fresh folder, `npm ci --omit=dev` there, and the server started from that folder must answer its readiness check, serve the
// panel and sign the administrator in, on each Node.js of PRODUCTION_NODES (paths joined by ':'; this script's own Node.js by default),
// and the whole install must stay within MAX_INSTALL_BYTES. Exits 1 naming the step that failed; the server and the folder never outlive
// this script.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHIPPED = ['dist', 'dist-server', 'package.json', 'package-lock.json'];
const NPM_CI_TIMEOUT_MS = 10 * 60_000;
// A first start migrates a new PGlite data folder: about 30 s on Node.js 20 and 60 s on Node.js 24 on a loaded 2-core machine; the
// bound is sized for one three times slower still, and the check ends sooner when the server exits.
const READY_TRIES = 2400;
const READY_INTERVAL_MS = 250;
const STOP_TIMEOUT_MS = 30_000;
/** The installed folder (node_modules, dist, dist-server): operators copy it into images, so its size is a promise. */
const MAX_INSTALL_BYTES = 200 * 1000 * 1000;
const NODES = (process.env.PRODUCTION_NODES || process.execPath).split(':').filter(Boolean);

const folder = mkdtempSync(path.join(tmpdir(), 'caredesk-production-'));
let npm;
let server;
let serverOutput = '';

const running = (child) => child && child.exitCode === null && child.signalCode === null;

function cleanUp() {
  for (const child of [npm, server]) if (running(child)) child.kill('SIGKILL');
  rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
}
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(1));

const started = Date.now();
const steps = [];
async function step(name, work) {
  const stepStarted = Date.now();
  try {
    await work();
  } catch (error) {
    throw new Error(`${name}: ${error instanceof Error ? error.message : error}`);
  }
  steps.push(`${((Date.now() - stepStarted) / 1000).toFixed(1).padStart(6)} s  ${name}`);
}

/** The packages main.mjs imports (statically or through import()), without node: builtins and subpaths. */
function importedPackages(bundle) {
  const patterns = [
    /^(?:import|export)\s[^;]*?\bfrom\s*"([^"]+)"/gm,
    /^import\s*"([^"]+)"/gm,
    /\bimport\(\s*"([^"]+)"\s*\)/g,
  ];
  const specifiers = patterns.flatMap((pattern) => [...bundle.matchAll(pattern)].map((match) => match[1]));
  const bare = specifiers.filter((specifier) => !specifier.startsWith('node:') && !specifier.startsWith('.'));
  return [
    ...new Set(
      bare.map((specifier) =>
        specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/'),
      ),
    ),
  ].sort();
}

/** Bytes of the files below a folder (symbolic links counted as themselves). */
function sizeOf(target) {
  const stats = lstatSync(target);
  if (!stats.isDirectory()) return stats.size;
  return readdirSync(target).reduce((total, name) => total + sizeOf(path.join(target, name)), 0);
}

function runNpmCi() {
  return new Promise((resolve, reject) => {
    npm = spawn('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], {
      cwd: folder,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (chunk) => (output += chunk));
    npm.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => npm.kill('SIGKILL'), NPM_CI_TIMEOUT_MS);
    npm.on('error', reject);
    npm.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`npm ci ended with ${signal ?? `exit code ${code}`}:\n${output.trim()}`));
    });
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const get = (url, init = {}) => fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
const serverEnded = () => !running(server);

async function expectStatus(response, status, what) {
  if (response.status !== status)
    throw new Error(`${what} answered ${response.status}, not ${status}: ${(await response.text()).slice(0, 300)}`);
}

/** One administrator for every start: the first creates it, the later ones find it in the data folder. */
const admin = { username: 'production-check', password: randomBytes(18).toString('base64url') };
const nodeVersion = (node) => execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();

/** Starts the installed server on one Node.js, checks what it serves, and stops it (the data folder stays for the next). */
async function startsAndServes(node, version) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;

  await step(`start node dist-server/main.mjs on Node.js ${version} until /api/health/ready answers 200`, async () => {
    const env = {
      PATH: `${path.dirname(node)}:${process.env.PATH}`,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(folder, 'data'),
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
    };
    server = spawn(node, ['--enable-source-maps', 'dist-server/main.mjs'], {
      cwd: folder,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout.on('data', (chunk) => (serverOutput += chunk));
    server.stderr.on('data', (chunk) => (serverOutput += chunk));
    let last = 'no answer';
    for (let tries = 0; tries < READY_TRIES; tries += 1) {
      if (serverEnded())
        throw new Error(
          `the server ended (${server.signalCode ?? `exit code ${server.exitCode}`}) before it was ready`,
        );
      const response = await fetch(`${base}/api/health/ready`, { signal: AbortSignal.timeout(2_000) }).catch(
        (error) => error,
      );
      if (response instanceof Response && response.status === 200) return;
      last =
        response instanceof Response
          ? `${response.status} ${await response.text()}`
          : String(response.cause?.code ?? response.message);
      await sleep(READY_INTERVAL_MS);
    }
    throw new Error(`not ready after ${READY_TRIES} tries, ${READY_INTERVAL_MS} ms apart; last answer: ${last}`);
  });

  await step(`/ serves the panel (Node.js ${version})`, async () => {
    const page = await get(`${base}/`);
    await expectStatus(page, 200, 'GET /');
    const html = await page.text();
    const script = readFileSync(path.join(root, 'dist', 'index.html'), 'utf8').match(
      /<script[^>]*\ssrc="([^"]+)"/,
    )?.[1];
    if (!script || !html.includes(script))
      throw new Error(`GET / did not answer dist/index.html (its script ${script ?? 'was not found'})`);
    await expectStatus(await get(new URL(script, base)), 200, `GET ${script}`);
  });

  await step(`the administrator signs in (Node.js ${version})`, async () => {
    const basic = Buffer.from(`${admin.username}:${admin.password}`).toString('base64');
    const signIn = await get(`${base}/api/auth/token/`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}` },
    });
    await expectStatus(signIn, 200, 'POST /api/auth/token/');
    const { access_token: accessToken } = await signIn.json();
    const info = await get(`${base}/api/auth/info/`, { headers: { authorization: `Bearer ${accessToken}` } });
    await expectStatus(info, 200, 'GET /api/auth/info/ with the access token');
    const { roles } = await info.json();
    if (!roles?.includes('administrator'))
      throw new Error(`the signed-in user has the roles ${JSON.stringify(roles)}, not administrator`);
  });

  await step(`SIGTERM stops the server with exit code 0 (Node.js ${version})`, async () => {
    // past the time-out `once` rejects; the check below says so
    const ended = serverEnded()
      ? Promise.resolve()
      : once(server, 'exit', { signal: AbortSignal.timeout(STOP_TIMEOUT_MS) }).catch(() => {});
    server.kill('SIGTERM');
    await ended;
    if (!serverEnded()) throw new Error(`still running ${STOP_TIMEOUT_MS / 1000} s after SIGTERM`);
    if (server.exitCode !== 0) throw new Error(`it ended with ${server.signalCode ?? `exit code ${server.exitCode}`}`);
  });
}

async function main() {
  for (const name of ['dist/index.html', 'dist-server/main.mjs']) {
    if (!existsSync(path.join(root, name))) throw new Error(`${name} is missing: run \`npm run build\` first`);
  }
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const packages = importedPackages(readFileSync(path.join(root, 'dist-server', 'main.mjs'), 'utf8'));

  await step('the built server imports only dependencies', () => {
    const outside = packages.filter((name) => !manifest.dependencies?.[name]);
    if (outside.length) throw new Error(`not in package.json's dependencies: ${outside.join(', ')}`);
  });

  await step(`copy ${SHIPPED.join(', ')}`, () => {
    for (const name of SHIPPED) cpSync(path.join(root, name), path.join(folder, name), { recursive: true });
  });

  await step('npm ci --omit=dev', async () => {
    await runNpmCi();
    const devOnly = Object.keys(manifest.devDependencies ?? {}).filter((name) => !manifest.dependencies?.[name]);
    const lock = JSON.parse(readFileSync(path.join(folder, 'package-lock.json'), 'utf8'));
    const installed = devOnly.filter(
      (name) => lock.packages[`node_modules/${name}`]?.dev && existsSync(path.join(folder, 'node_modules', name)),
    );
    if (installed.length) throw new Error(`development packages were installed: ${installed.join(', ')}`);
    const missing = packages.filter((name) => !existsSync(path.join(folder, 'node_modules', name)));
    if (missing.length) throw new Error(`packages the server imports were not installed: ${missing.join(', ')}`);
  });

  await step(`the install is at most ${MAX_INSTALL_BYTES / 1e6} MB`, () => {
    const bytes = sizeOf(folder);
    steps.push(`         the install: ${(bytes / 1e6).toFixed(1)} MB`);
    if (bytes > MAX_INSTALL_BYTES) throw new Error(`${(bytes / 1e6).toFixed(1)} MB`);
  });

  for (const node of NODES) await startsAndServes(node, nodeVersion(node));

  await step('remove the folder', () => rmSync(folder, { recursive: true, force: true, maxRetries: 3 }));
}

try {
  await main();
  console.log(`Production install: passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(steps.join('\n'));
} catch (error) {
  console.error(`Production install check failed. ${error.message}`);
  if (serverOutput.trim())
    console.error(`The server's output:\n${serverOutput.trim().split('\n').slice(-40).join('\n')}`);
  process.exitCode = 1;
} finally {
  cleanUp();
}
