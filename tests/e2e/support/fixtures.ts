import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { E2E_ADMIN } from '../../../playwright.config';
import { copyPgliteTemplate } from '../../server/support/database-templates';
import { freePort } from '../../server/support/server-process';
import { CLIENT, startTestProvider, type TestProvider } from '../../server/support/test-provider';
import { seedDemoInstallation } from './demoData';

export { expect } from '@playwright/test';

interface WorkerServer {
  baseURL: string;
  dataDir: string;
  /** With `oidcProvider`: the provider the server signs staff in at. */
  provider?: TestProvider;
}

/** The name the login page's button says with `oidcProvider`: "Sign in with Keycloak". */
export const E2E_PROVIDER_NAME = 'Keycloak';

/** The server's OIDC_* settings for the worker's provider: its groups map to roles as an agency's would. */
const providerEnvironment = (provider: TestProvider) => ({
  OIDC_ISSUER: provider.issuer,
  OIDC_CLIENT_ID: CLIENT.id,
  OIDC_CLIENT_SECRET: CLIENT.secret,
  OIDC_NAME: E2E_PROVIDER_NAME,
  OIDC_ROLE_MAP: 'caredesk-admins=administrator,recruiting=recruiter',
});

/**
 * Each Playwright worker drives its own server: the compiled server (dist-server/main.mjs, built with the panel it serves
 * from dist/) on a fresh data folder, so that workers never see each other's data. `baseURL` points every page and request at it.
 */
export const test = base.extend<object, { server: WorkerServer; demoData: boolean; oidcProvider: boolean }>({
  // `test.use({ demoData: true })`: the worker's installation holds seed:demo's data before its server starts (support/demoData.ts)
  demoData: [false, { scope: 'worker', option: true }],
  // `test.use({ oidcProvider: true })`: a real OpenID Connect provider (its own login page) on loopback, and the server set up for it
  oidcProvider: [false, { scope: 'worker', option: true }],
  server: [
    async ({ demoData, oidcProvider }, use) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'caredesk-e2e-'));
      // a copy of the migrated database of the service tests: the server starts in half the time it takes to migrate
      await copyPgliteTemplate(path.join(dataDir, 'pglite'));
      const port = await freePort();
      const provider = oidcProvider
        ? await startTestProvider({
            redirectUris: [`http://localhost:${port}/api/auth/oidc/callback/`],
            interactiveLogin: true,
          })
        : undefined;
      const env = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        // WebAuthn's relying party must be a domain: second-factors.spec.ts opens the panel at localhost
        PANEL_URL: `http://localhost:${port}`,
        DATA_DIR: dataDir,
        ADMIN_USERNAME: E2E_ADMIN.username,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        PASSWORD_HASH_COST: 'test',
        ...(provider ? providerEnvironment(provider) : {}),
      };
      if (demoData) await seedDemoInstallation(env);
      const child = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.mjs'], {
        env,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const baseURL = `http://127.0.0.1:${port}`;
      await untilHealthy(child, baseURL);
      await use({ baseURL, dataDir, provider });
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
      await provider?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
});

async function untilHealthy(child: ChildProcess, baseURL: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    if (
      await fetch(`${baseURL}/api/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(
    `the e2e server did not start (exit code ${child.exitCode}); is dist-server/main.mjs built (npm run build)?`,
  );
}
