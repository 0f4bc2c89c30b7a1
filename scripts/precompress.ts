import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; images and fonts of the build are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

/** Writes `name.br` (brotli, best quality) and `name.gz` next to every compressible file of at least 1 kB in `dir`, source maps excepted. */
export function precompressFolder(dir: string): number {
  let written = 0;
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, entry);
    if (!COMPRESSIBLE.test(file) || !statSync(file).isFile() || statSync(file).size < MIN_BYTES) continue;
    const content = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    written += 1;
  }
  return written;
}

/** Vite plugin: precompresses the build output once it is written, so the server sends brotli or gzip without compressing per request. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'caredesk-precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    // a failed build writes nothing: skipping keeps its own error visible instead of a missing-folder one
    closeBundle: () => void (existsSync(outDir) && precompressFolder(outDir)),
  };
}
