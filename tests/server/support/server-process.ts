import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Resolves with the exit code (null after a signal) once the process has ended. */
  exited: Promise<number | null>;
  output: () => string;
}

/**
 * Node's arguments that run the server, after these modules are preloaded: the bundle that `npm test` built before its
 * Vitest phase (it names it in TEST_SERVER_BUNDLE; a process starts about a second and a half sooner than compiling the
 * sources and runs what production runs), else the sources through tsx, so that one test file runs without a build.
 */
export function serverMain(...preloaded: string[]): string[] {
  const imports = preloaded.flatMap((file) => ['--import', file]);
  const bundle = process.env.TEST_SERVER_BUNDLE;
  return bundle
    ? [...imports, path.resolve(root, bundle)]
    : ['--import', 'tsx', ...imports, path.join(root, 'server', 'main.ts')];
}

const SERVER_MAIN = serverMain();

/** Starts the real server (serverMain(), or the given node arguments) on 127.0.0.1 and waits until it answers /api/health. */
export function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
  nodeArguments = SERVER_MAIN,
): Promise<ServerProcess> {
  return startProcess(process.execPath, nodeArguments, env, timeoutMs);
}

/** Starts a command that runs the server (node, or `npm start`) as startServerProcess does, and waits until it answers. */
export async function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  const port = await freePort();
  const { child, exited, output } = spawnServer(command, args, {
    PORT: String(port),
    PANEL_DIR: path.join(root, 'no-panel'),
    ...env,
  });
  const server = { baseUrl: `http://127.0.0.1:${port}`, child, exited, output };
  await waitUntilHealthy(server, timeoutMs);
  return server;
}

async function waitUntilHealthy(server: ServerProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void server.exited.then(() => (ended = true));
  while (Date.now() < deadline && !ended) {
    try {
      if ((await fetch(`${server.baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.child.kill('SIGKILL');
  throw new Error(`the server did not start:\n${server.output()}`);
}

/** A port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A small HTTP client of one server process, signed in as the given user. */
export async function signedInClient(baseUrl: string, username: string, password: string) {
  const token = await fetch(`${baseUrl}/api/auth/token/`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
  });
  if (!token.ok) throw new Error(`sign-in failed: ${token.status} ${await token.text()}`);
  const { access_token } = (await token.json()) as { access_token: string };
  return async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${access_token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
}

/** Runs `work` for every item, at most `parallel` at a time. */
export async function inBatches<T>(items: T[], parallel: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** Spawns a command that runs the server with the test settings, collecting what it prints. */
function spawnServer(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PASSWORD_HASH_COST: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Runs the server with these settings until it exits by itself: its exit code and what it printed. */
export async function runServerToExit(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<{ code: number | null; output: string }> {
  const { child, output } = spawnServer(process.execPath, SERVER_MAIN, { PORT: '0', ...env });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearTimeout(timer);
  return { code, output: output() };
}
