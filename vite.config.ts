import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { panelRouterProvider } from './scripts/panel-router-provider';
import { precompress } from './scripts/precompress';
import { preloadMessages } from './scripts/preload-messages';

/** Rollup's warnings of chunks that import each other (a circular chunk, a re-export across a chunk cycle). */
const CIRCULAR_CHUNK_WARNINGS = new Set(['CIRCULAR_CHUNK', 'CYCLIC_CROSS_CHUNK_REEXPORT']);

/**
 * CommonJS packages that ra-core's modules import and that declare no `sideEffects`: Rollup keeps a side-effectful import
 * even when nothing of the importing module is used, so they would ship with the login page although only the admin
 * tree calls them. Their modules only define functions.
 */
const PURE_COMMONJS_PACKAGES =
  /\/node_modules\/(lodash|inflection|query-string|jsonexport|decode-uri-component|split-on-first|filter-obj)\//;

const serverPort = process.env.PORT || '8080';
const server = `http://127.0.0.1:${serverPort}`;

export default defineConfig({
  plugins: [react(), panelRouterProvider(), preloadMessages(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': server, '/config.json': server },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      treeshake: { moduleSideEffects: (id) => !PURE_COMMONJS_PACKAGES.test(id) },
      onwarn(warning, warn) {
        // chunks that import each other may run a module before its imports: the build fails instead of shipping that
        if (CIRCULAR_CHUNK_WARNINGS.has(warning.code ?? '')) throw new Error(`vite build: ${warning.message}`);
        warn(warning);
      },
      output: {
        // Rollup splits by what each chunk needs (the login page loads only its part, README: Architecture). ra-core's util/
        // index re-exports FieldTitle, which imports it back through useTranslateLabel: split across chunks, that cycle would
        // make chunks import each other, so its three modules share one chunk. Only those: their dependencies (inflection,
        // lodash) go where Rollup puts them, not into that chunk and with it into the login page.
        onlyExplicitManualChunks: true,
        manualChunks: (id) =>
          /\/node_modules\/ra-core\/dist\/(util\/(index|FieldTitle)|i18n\/useTranslateLabel)\.js$/.test(id)
            ? 'ra-core-util'
            : undefined,
      },
    },
  },
});
