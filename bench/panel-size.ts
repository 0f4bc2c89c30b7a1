import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { printTable } from './lib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const gzippedSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** The JavaScript the login page loads: the entry chunk and everything it imports statically (lazy chunks excluded). */
function loginPageScripts(distDir: string): string[] {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (existsSync(manifestFile)) return scriptsFromManifest(JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>);
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
  const references = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)];
  return references.map((match) => (match[1] ?? match[2]).replace(/^\//, ''));
}

/** Prints the gzipped JavaScript of the built panel: the login page's share and the whole app. */
export function benchPanelSize(distDir = path.resolve('dist')) {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    console.log('\nPanel size: dist/ has no build; run npm run build first.');
    return;
  }
  const loginFiles = loginPageScripts(distDir).map((file) => path.join(distDir, file));
  const assetsDir = path.join(distDir, 'assets');
  const allFiles = readdirSync(assetsDir)
    .filter((file) => file.endsWith('.js'))
    .map((file) => path.join(assetsDir, file));
  const sum = (files: string[]) => files.reduce((total, file) => total + gzippedSize(file), 0);
  printTable('Panel JavaScript (gzip -9)', ['part', 'files', 'gzipped'], [
    ['login page (entry + static imports)', String(loginFiles.length), kilobytes(sum(loginFiles))],
    ['whole app (dist/assets/*.js)', String(allFiles.length), kilobytes(sum(allFiles))],
  ]);
}
