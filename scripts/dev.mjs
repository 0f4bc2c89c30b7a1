// `npm run dev`: the server with reload on change (port 8080) and Vite's dev server with hot reload, proxying the services.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PANEL_DIR: '.no-panel-in-dev' },
  }),
  spawn(process.execPath, [path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js')], {
    stdio: 'inherit',
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
