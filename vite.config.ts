import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';

/** Rollup's warnings of chunks that import each other (a circular chunk, a re-export across a chunk cycle). */
const CIRCULAR_CHUNK_WARNINGS = new Set(['CIRCULAR_CHUNK', 'CYCLIC_CROSS_CHUNK_REEXPORT']);

const serverPort = process.env.PORT || '8080';
const server = `http://127.0.0.1:${serverPort}`;

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
      onwarn(warning, warn) {
        // chunks that import each other may run a module before its imports: the build fails instead of shipping that
        if (CIRCULAR_CHUNK_WARNINGS.has(warning.code ?? '')) throw new Error(`vite build: ${warning.message}`);
        warn(warning);
      },
      output: {
        // Rollup splits by what each chunk needs (the login page loads only its part, README: Architecture). ra-core's util/
        // re-exports modules that import that index again: split across chunks it would make chunks import each other.
        manualChunks: (id) => (id.includes('/node_modules/ra-core/dist/util/') ? 'ra-core-util' : undefined),
      },
    },
  },
});
