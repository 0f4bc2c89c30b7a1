// `npm start`: builds the panel and the server when a build is missing or older than its sources, then runs the compiled
// server, hands it SIGINT, SIGTERM and SIGHUP, and exits with its exit code.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildServer, serverOutDir } from './build-server.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestChange(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

/** Whether `built` is missing or older than any of `sources` (files or folders, relative to the root). */
function stale(built, sources) {
  if (!existsSync(built)) return true;
  const existing = sources.map((name) => path.join(root, name)).filter(existsSync);
  return Math.max(...existing.map(newestChange)) > statSync(built).mtimeMs;
}

if (
  !process.env.PANEL_DIR &&
  stale(path.join(root, 'dist', 'index.html'), [
    'src',
    'contracts',
    'index.html',
    'vite.config.ts',
    'scripts/precompress.ts',
    'package-lock.json',
  ])
) {
  console.log('Building the panel…');
  execFileSync(
    process.execPath,
    [path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
}
const serverMain = path.join(serverOutDir, 'main.mjs');
if (stale(serverMain, ['server', 'contracts', 'scripts/build-server.mjs', 'package-lock.json'])) {
  console.log('Building the server…');
  await buildServer();
}

// Its own process group: a Ctrl+C in the terminal reaches the server once, through this script, not also directly.
const server = spawn(process.execPath, ['--enable-source-maps', serverMain], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});
let firstSignalAt = 0;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    // npm passes a terminal's signal on as well: a repeat within a second is the same request; a later one makes the server stop at once
    if (Date.now() - firstSignalAt < 1000) return;
    firstSignalAt ||= Date.now();
    server.kill(signal);
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
// however this script ends, the server does not outlive it
process.on('exit', () => server.exitCode === null && server.signalCode === null && server.kill('SIGTERM'));
