import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Four projects in one run: the service tests on PGlite ("server"), the same files on PostgreSQL ("server-pg", only when
 * TEST_DATABASE_URL names a server that accepts CREATE DATABASE), the panel tests in jsdom ("panel") and the layer rules
 * ("architecture").
 */
const postgresUrl = process.env.TEST_DATABASE_URL;

const serverProject = (name: string, databaseUrl: string) => ({
  extends: true as const,
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    environment: 'node',
    // the files of one worker share its modules (importing the services again for every file cost more than the tests):
    // a service test file leaves no module state behind; everything it builds comes from createTestApp and is closed after it
    isolate: false,
    globalSetup: ['tests/server/support/global-setup.ts'],
    env: { TEST_DATABASE_URL: databaseUrl, NODE_ENV: 'test' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    // most service tests wait on a database, a socket or a child process: more files than cores keep both cores busy
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || 4,
    projects: [
      serverProject('server', ''),
      ...(postgresUrl ? [serverProject('server-pg', postgresUrl)] : []),
      {
        extends: true,
        test: {
          name: 'architecture',
          include: ['tests/architecture/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'panel',
          include: ['tests/panel/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/panel/setup.ts'],
          // each file still gets its own jsdom window and runs the setup again; sharing the loaded packages (React, MUI,
          // react-admin) between the files of a worker saved a third of the panel's time
          isolate: false,
          // sized for a machine three times slower than a loaded two-core one (the slowest panel test took 28 s there)
          testTimeout: 120_000,
        },
      },
    ],
  },
});
