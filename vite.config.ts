import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';

const serverPort = process.env.PORT || '8080';
const server = `http://127.0.0.1:${serverPort}`;

const CHART_ONLY = /\/node_modules\/(@mui\/x-charts|@mui\/x-charts-vendor|@mui\/x-internals|d3-[a-z-]+|internmap|flatqueue|bezier-easing)\//;

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': server, '/config.json': server },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      output: {
        // One vendor chunk: react-admin's modules re-export each other, and splitting them across lazy chunks makes circular chunks.
        // The chart library (and what only it uses) stays with the dashboard's lazily loaded chart, out of the login page.
        manualChunks: (id) => (id.includes('/node_modules/') && !CHART_ONLY.test(id) ? 'vendor' : undefined),
      },
    },
  },
});
