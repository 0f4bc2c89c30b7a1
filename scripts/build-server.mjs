// `npm run build:server`: compiles the services into one ES module, dist-server/main.mjs, with the migrations beside it.
// esbuild is the one Vite brings; every package stays an import of node_modules.
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverOutDir = path.join(root, 'dist-server');

export async function buildServer() {
  const esbuild = createRequire(createRequire(import.meta.url).resolve('vite/package.json'))('esbuild');
  rmSync(serverOutDir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: [path.join(root, 'server', 'main.ts')],
    outfile: path.join(serverOutDir, 'main.mjs'),
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
  // the build's helper process would otherwise live as long as the caller (npm start's whole run)
  await esbuild.stop();
  // server/db finds its migrations next to the module that runs: here, next to main.mjs
  cpSync(path.join(root, 'server', 'db', 'migrations'), path.join(serverOutDir, 'migrations'), { recursive: true });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildServer();
