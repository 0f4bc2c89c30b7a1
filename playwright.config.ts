import { defineConfig } from '@playwright/test';

/**
 * The browser tests drive the built panel against the real, compiled server (`npm run build` first): each worker starts
 * its own on a fresh data folder (tests/e2e/support/fixtures.ts), so two workers never share data.
 */
export const E2E_ADMIN = { username: 'admin', password: 'e2e-Admin-pass-1' };

export default defineConfig({
  testDir: 'tests/e2e',
  // its own folder inside test-results/, which it empties at start (npm test's timings sit beside it)
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    locale: 'en-US',
    // the panel then drops MUI's transitions (src/layout/MotionPreference.tsx): nothing to wait for after opening a dialog or a
    // menu; tests/e2e/motion.spec.ts checks both settings
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
