import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type CDPSession, type Page } from '@playwright/test';
import { decodeJwt } from 'jose';
import { TOTP } from 'otpauth';
import { accessTokenKey, signAccessToken } from '../../server/authentication/access-tokens';
import { adminApi } from './support/api';
import { expect, test as workerTest } from './support/fixtures';
import { seedUser, uniqueSuffix, type SeededUser } from './support/seed';

/**
 * Second factors in Chromium against the real server: a passkey enrolled and used to sign in without a password (the DevTools
 * virtual authenticator), an authenticator app enrolled and used with a computed code, a recovery code, and the re-authentication
 * dialog. WebAuthn needs a domain, not an address, as the relying party: these pages are opened at localhost, the PANEL_URL
 * of the worker's server.
 */
const test = workerTest.extend({
  baseURL: async ({ server }, use) => use(server.baseURL.replace('127.0.0.1', 'localhost')),
});

async function newStaffUser(request: Parameters<typeof adminApi>[0]): Promise<SeededUser> {
  const suffix = uniqueSuffix();
  return seedUser(await adminApi(request), {
    publicName: `Svea ${suffix}`,
    username: `svea-${suffix}`,
    password: `Svea-e2e-${suffix}-7`,
    roles: ['dispatcher'],
  });
}

async function signInWithPassword(page: Page, user: SeededUser) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(user.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: /\(Account\)$/ }).click();
  // an event, not a look at the URL: the passkey's autofill may sign in again before a look would see the login page
  const onLoginPage = page.waitForURL(/\/login/);
  await page.getByRole('menuitem', { name: 'Logout', exact: true }).click();
  await onLoginPage;
}

async function openSecurity(page: Page) {
  await page.getByRole('button', { name: /\(Account\)$/ }).click();
  await page.getByRole('menuitem', { name: 'Security', exact: true }).click();
  await expect(page).toHaveURL(/\/security$/);
}

/** The first factor answers the first recovery codes, shown once: the codes as the dialog lists them. */
async function keepRecoveryCodes(page: Page): Promise<string[]> {
  const dialog = page.getByRole('dialog', { name: 'Your recovery codes' });
  const listed = dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(listed).toHaveCount(10);
  const codes = (await listed.allInnerTexts()).map((code) => code.trim());
  await dialog.getByRole('button', { name: 'I have saved them' }).click();
  return codes;
}

/** A platform authenticator that holds discoverable credentials and verifies its user without asking. */
async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const options = {
    protocol: 'ctap2',
    transport: 'internal',
    hasResidentKey: true,
    hasUserVerification: true,
    isUserVerified: true,
    automaticPresenceSimulation: true,
  } as const;
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', { options });
  return { cdp, authenticatorId };
}

test('a passkey is enrolled on the Security page and signs in without a password', async ({ page, request }) => {
  const user = await newStaffUser(request);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await signInWithPassword(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);

  await openSecurity(page);
  await page.getByRole('button', { name: 'Add passkey or security key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add passkey or security key' });
  await dialog.getByRole('textbox', { name: 'Name (optional)' }).fill('Office laptop');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await keepRecoveryCodes(page);
  await expect(page.getByRole('cell', { name: 'Office laptop', exact: true })).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials.map((credential) => credential.isResidentCredential)).toEqual([true]);

  await test.step('the login page offers the passkey as autofill: the authenticator answers at once and signs in', async () => {
    await logOut(page);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('where the browser offers no autofill, "Sign in with a passkey" signs in', async () => {
    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    });
    // loaded again under that script before the login page opens, so that no autofill waits there
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await logOut(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test('an authenticator app is enrolled with its key and confirms the next sign-in; a recovery code confirms one more', async ({
  page,
  request,
}) => {
  const user = await newStaffUser(request);
  await signInWithPassword(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);

  await openSecurity(page);
  await page.getByRole('button', { name: 'Add authenticator app' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add authenticator app' });
  await dialog.getByRole('textbox', { name: 'Name (optional)' }).fill('Work phone');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const key = (await dialog.getByTestId('totp-key').innerText()).replace(/\s/g, '');
  const app = new TOTP({ secret: key, algorithm: 'SHA1', digits: 6, period: 30 });
  await dialog.getByRole('textbox', { name: 'Code from the app' }).fill(app.generate());
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const [recoveryCode] = await keepRecoveryCodes(page);
  await expect(page.getByRole('cell', { name: 'Work phone', exact: true })).toBeVisible();
  await logOut(page);

  await test.step('sign in with a code of the next time step (the one just used is refused as a replay)', async () => {
    await signInWithPassword(page, user);
    const code = page.getByRole('textbox', { name: 'One-time code' });
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await code.fill(app.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await logOut(page);
  });

  await test.step('sign in with a recovery code, which then no longer works', async () => {
    await signInWithPassword(page, user);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await openSecurity(page);
    await expect(page.getByText('9 recovery codes left.')).toBeVisible();
  });
});

test('an action that needs a recent sign-in asks for the password in a dialog and then completes', async ({
  page,
  request,
  server,
}) => {
  const user = await newStaffUser(request);
  // the sign-in's access token as if its authentication were ten minutes old: the server then asks for a re-authentication
  const masterSecret = Buffer.from(readFileSync(path.join(server.dataDir, 'secret.key'), 'utf8').trim(), 'hex');
  await page.route('**/api/auth/token/', async (route) => {
    const response = await route.fetch();
    const pair = await response.json();
    if (response.status() !== 200) return route.fulfill({ response });
    const claims = decodeJwt(pair.access_token);
    const session = { sessionFamily: String(claims.sid), authenticatedAt: new Date(Date.now() - 10 * 60_000) };
    const stale = await signAccessToken(accessTokenKey(masterSecret), String(claims.sub), 300, session);
    return route.fulfill({ response, json: { ...pair, access_token: stale.token } });
  });
  await signInWithPassword(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.unroute('**/api/auth/token/');

  await page.getByRole('button', { name: /\(Account\)$/ }).click();
  await page.getByRole('menuitem', { name: 'New Password', exact: true }).click();
  const newPassword = `Fresh-${uniqueSuffix()}-pass`;
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirmation', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Confirm your identity' });
  await dialog.getByLabel('Password').fill(user.password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The password was successfully updated')).toBeVisible();
  const signIn = await request.post('/api/auth/token/', {
    headers: { authorization: `Basic ${Buffer.from(`${user.username}:${newPassword}`).toString('base64')}` },
  });
  expect(signIn.status()).toBe(200);
});
