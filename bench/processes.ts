import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** A server builds itself first when its build is stale (`npm start` compiles the services), then migrates a fresh database. */
const START_LIMIT_MS = 180_000;
/** The server's own graceful shutdown ends within SHUTDOWN_TIMEOUT_MS (25 s by default); past this both processes are killed. */
const STOP_LIMIT_MS = 40_000;
/** What a failed start reports: the end of what the process printed. */
const KEPT_OUTPUT_CHARS = 20_000;
/** Linux's USER_HZ, the unit of /proc/<pid>/stat's CPU times (`getconf CLK_TCK`). */
const CLOCK_TICKS_PER_SECOND = 100;

export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  /** The process that serves: under the start script, the server it runs. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * The production server as `npm start` runs it: scripts/start.mjs (which compiles the services when their build is stale and runs
 * the compiled server with its flags) in a child process with the production defaults, except for `settings` and these: 127.0.0.1
 * and an ephemeral port (the server names it in its log), the built panel of dist/ where it exists (without a panel build of its
 * own). Nothing else of this process's environment reaches it, so a developer's LOG_LEVEL or NODE_ENV cannot change what is measured.
 * With BENCH_CPU_PROFILE_DIR set, the server writes a V8 CPU profile there when it exits (bench/cpu-profile.mjs).
 */
export function startProductionServer(settings: Record<string, string>): Promise<ServerProcess> {
  const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
  const profiling: Record<string, string> = profileDir
    ? {
        BENCH_CPU_PROFILE_DIR: path.resolve(profileDir),
        NODE_OPTIONS: `--import ${pathToFileURL(path.join(root, 'bench', 'cpu-profile.mjs')).href}`,
      }
    : {};
  return startProcess('the production server', [path.join(root, 'scripts', 'start.mjs')], {
    PATH: process.env.PATH ?? '',
    ...profiling,
    HOST: '127.0.0.1',
    PORT: '0',
    PANEL_DIR: path.join(root, 'dist'),
    ...settings,
  });
}

/** bench/bare-server.ts's bare Fastify app (GET /bare) in a child process, on an ephemeral port of 127.0.0.1. */
export function startBareProcess(): Promise<ServerProcess> {
  const entry = path.join(root, 'bench', 'bare-server.ts');
  return startProcess('the bare server', ['--import', 'tsx', entry], { PATH: process.env.PATH ?? '' });
}

/** CPU time (user and system) the process has used so far, in microseconds (Linux: /proc). */
export function cpuMicroseconds(pid: number): number {
  // utime and stime are the 12th and 13th fields after the parenthesised command name
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS_PER_SECOND;
}

const LISTENING = /^.*Server listening at (http:\/\/127\.0\.0\.1:\d+).*$/m;

/**
 * Runs node with `args` and waits until a line of its output says "Server listening at http://127.0.0.1:<port>" (Fastify's log
 * line, also inside the JSON of pino's, which names the server's pid). The output is read all along (a full pipe would stall the
 * server) and only its end kept.
 */
function startProcess(name: string, args: string[], env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let serverPid: number | undefined;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // the start script hands SIGTERM on to the server: neither outlives a bench that ends without stopping them
  const stopOnExit = () => child.kill('SIGTERM');
  process.once('exit', stopOnExit);
  void exited.then(() => process.off('exit', stopOnExit));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const stopped = await Promise.race([
      exited.then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), STOP_LIMIT_MS).unref()),
    ]);
    if (stopped) return;
    // the start script runs the server in a process group of its own: each is killed by its id
    if (serverPid !== undefined) killQuietly(serverPid);
    child.kill('SIGKILL');
    await exited;
  };

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(`${name} did not start within ${START_LIMIT_MS / 1000} s`), START_LIMIT_MS);
    const fail = (reason: string) => {
      clearTimeout(timer);
      reject(new Error(`${reason}; its output ended with:\n${output}`));
      void stop();
    };
    const read = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-KEPT_OUTPUT_CHARS);
      if (serverPid !== undefined) return;
      const line = LISTENING.exec(output);
      if (!line) return;
      const loggedPid = /"pid":(\d+)/.exec(line[0])?.[1];
      serverPid = loggedPid ? Number(loggedPid) : child.pid!;
      clearTimeout(timer);
      resolve({ baseUrl: line[1], pid: serverPid, stop });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('error', (error) => fail(`${name} could not be run: ${error.message}`));
    child.once('exit', (code, signal) => {
      if (serverPid === undefined) fail(`${name} exited (${signal ?? code}) before it listened`);
    });
  });
}

function killQuietly(pid: number) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
