import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { printTable, recordGoal } from './lib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const gzippedSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
/** What the server sends for gzip or brotli: the precompressed file beside it (scripts/precompress.ts), else the file itself. */
const sentSize = (file: string, suffix: '.gz' | '.br') =>
  existsSync(file + suffix)
    ? readFileSync(file + suffix).length
    : suffix === '.br'
      ? brotliCompressSync(readFileSync(file)).length
      : gzippedSize(file);
const LOGIN_BUDGET = 200 * 1024;
const FIRST_PAINT_RUNS = 15;
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** The JavaScript the login page loads: the entry chunk and everything it imports statically (lazy chunks excluded). */
function loginPageScripts(distDir: string): string[] {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (existsSync(manifestFile))
    return scriptsFromManifest(JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>);
  return scriptsFromIndexHtml(readFileSync(path.join(distDir, 'index.html'), 'utf8'));
}

function scriptsFromManifest(manifest: Record<string, ManifestChunk>): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  Object.keys(manifest)
    .filter((key) => manifest[key].isEntry)
    .forEach(visit);
  return [...files].filter((file) => file.endsWith('.js'));
}

/** Without a manifest, Vite's index.html still names the entry script and its static imports (as modulepreload links). */
function scriptsFromIndexHtml(html: string): string[] {
  const references = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ];
  return references.map((match) => (match[1] ?? match[2]).replace(/^\//, ''));
}

/**
 * The panel section: the JavaScript the login page loads and the whole app's, as the server sends them (its
 * precompressed gzip and brotli files), and the login page's first paint against a trivial page from the same server in
 * headless Chromium, in one run. Needs a build (npm run build); `vite build` itself fails on a circular chunk (vite.config.ts).
 */
export async function benchPanelSize(distDir = path.resolve('dist')) {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    console.log('\nPanel size: dist/ has no build; run npm run build first.');
    return;
  }
  const loginFiles = loginPageScripts(distDir).map((file) => path.join(distDir, file));
  const assetsDir = path.join(distDir, 'assets');
  const allFiles = readdirSync(assetsDir)
    .filter((file) => file.endsWith('.js'))
    .map((file) => path.join(assetsDir, file));
  const sum = (files: string[], size: (file: string) => number) => files.reduce((total, file) => total + size(file), 0);
  const gzip = (files: string[]) => sum(files, (file) => sentSize(file, '.gz'));
  const brotli = (files: string[]) => sum(files, (file) => sentSize(file, '.br'));
  const wire = await firstPaint(distDir);
  printTable(
    'Panel JavaScript as the server sends it',
    ['part', 'files', 'gzip', 'brotli'],
    [
      [
        'login page (entry + static imports, before the form)',
        String(loginFiles.length),
        kilobytes(gzip(loginFiles)),
        kilobytes(brotli(loginFiles)),
      ],
      [
        'login page in Chromium (every script fetched, encoded body)',
        String(wire.loginScripts),
        kilobytes(wire.loginScriptBytes),
        '',
      ],
      ['whole app (dist/assets/*.js)', String(allFiles.length), kilobytes(gzip(allFiles)), kilobytes(brotli(allFiles))],
    ],
  );
  printTable(
    `First contentful paint, headless Chromium, median of ${FIRST_PAINT_RUNS} cold loads each`,
    ['page', 'ms', 'vs. trivial page'],
    [
      ['trivial page (same server)', wire.trivialMs.toFixed(1), ''],
      ['/login (form visible)', wire.loginMs.toFixed(1), `${(wire.loginMs / wire.trivialMs).toFixed(2)}×`],
    ],
  );
  const loginGzip = gzip(loginFiles);
  recordGoal({
    section: 'panel',
    goal: 'login page ≤ 200 kB gzipped JavaScript',
    measured: kilobytes(loginGzip),
    pass: loginGzip <= LOGIN_BUDGET,
  });
  recordGoal({
    section: 'panel',
    goal: 'login page: every script Chromium fetched ≤ 200 kB',
    measured: kilobytes(wire.loginScriptBytes),
    pass: wire.loginScriptBytes <= LOGIN_BUDGET,
  });
  const paintRatio = wire.loginMs / wire.trivialMs;
  recordGoal({
    section: 'panel',
    goal: 'login first paint ≤ 3× a trivial page (same server, Chromium)',
    measured: `${paintRatio.toFixed(2)}×`,
    pass: paintRatio <= 3,
  });
  recordGoal({
    section: 'panel',
    goal: 'no circular-chunk warning (vite build fails on one)',
    measured: 'build passed',
    pass: true,
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Serves a copy of the build plus a trivial page with the real server (its compression and caching headers) and loads each
 * page cold (a new browser context, so nothing cached) FIRST_PAINT_RUNS times, alternating. The login page counts once its
 * form is visible; every script it fetched until then is summed by its encoded (compressed) size.
 */
async function firstPaint(distDir: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'caredesk-bench-panel-'));
  const panelDir = path.join(folder, 'dist');
  cpSync(distDir, panelDir, { recursive: true });
  writeFileSync(
    path.join(panelDir, 'trivial.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Trivial</title></head><body><p>Caredesk</p></body></html>',
  );
  const database = await openDatabase({ pgliteDir: path.join(folder, 'pglite') });
  const app = await buildApp({
    config: { ...loadConfig({}), dataDir: folder, panelDir },
    database,
    masterSecret: Buffer.alloc(32, 1),
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const load = async (url: string, ready: string) => {
      const context = await browser.newContext({ locale: 'en-US' });
      try {
        const page = await context.newPage();
        await page.goto(url);
        await page.waitForSelector(ready);
        // the selector can match before the frame that shows it is painted: the paint entry is awaited (at most 5 s)
        return await page.evaluate(async () => ({
          paint: await new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entry = list.getEntriesByName('first-contentful-paint')[0];
              if (entry) resolve(entry.startTime);
            }).observe({ type: 'paint', buffered: true });
            setTimeout(() => resolve(Number.NaN), 5000);
          }),
          scripts: performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name.endsWith('.js'))
            .map((entry) => (entry as PerformanceResourceTiming).encodedBodySize),
        }));
      } finally {
        await context.close();
      }
    };
    const trivial: number[] = [];
    const login: number[] = [];
    let scripts: number[] = [];
    await load(`${baseUrl}/login`, 'input[name="username"]'); // warms the server's file cache
    for (let run = 0; run < FIRST_PAINT_RUNS; run++) {
      trivial.push((await load(`${baseUrl}/trivial.html`, 'p')).paint);
      const loaded = await load(`${baseUrl}/login`, 'input[name="username"]');
      login.push(loaded.paint);
      scripts = loaded.scripts;
    }
    return {
      trivialMs: median(trivial),
      loginMs: median(login),
      loginScripts: scripts.length,
      loginScriptBytes: scripts.reduce((total, bytes) => total + bytes, 0),
    };
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
