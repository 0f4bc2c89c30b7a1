import { expect, type Page } from '@playwright/test';
import { clickButton, dialog, escape } from './screenControls';
import type { ScreenState, WalkContext, WalkScreen } from './screenWalk';

/**
 * The second factor's screens and dialogs: the login's second step, the Security page with its dialogs, the re-authentication
 * dialog and the user editor's Second factor tab. The walk's admin has no factor and a fresh sign-in, so where a screen shows
 * only what the service asks for (a second step, a re-authentication), the walk answers that one request itself.
 */

const SECOND_FACTOR_REQUIRED = {
  type: '/problems/second-factor-required',
  title: 'Unauthorized',
  status: 401,
  detail: 'A second factor is required.',
  second_factor_token: 'walk-challenge',
  methods: ['totp', 'webauthn', 'recovery_code'],
  webauthn_options: {
    challenge: 'd2Fsay1jaGFsbGVuZ2U',
    rpId: 'localhost',
    allowCredentials: [],
    userVerification: 'preferred',
  },
};
const REAUTHENTICATION_REQUIRED = {
  type: '/problems/reauthentication-required',
  title: 'Unauthorized',
  status: 401,
  detail: 'A recent authentication is needed.',
};

/** The next request to `path` (under the auth service) gets this 401 problem instead of the service's answer. */
const answerOnce = (page: Page, path: string, problem: object) =>
  page.route(
    `**/api/auth${path}`,
    (route) => route.fulfill({ status: 401, contentType: 'application/problem+json', body: JSON.stringify(problem) }),
    { times: 1 },
  );

const heading = (page: Page, t: WalkContext['t']) =>
  page.getByRole('heading', { name: t('Two-step verification', 'Bestätigung in zwei Schritten') });

const loginSecondStep: ScreenState = {
  name: 'second step',
  open: async ({ page, t }) => {
    await answerOnce(page, '/token/', SECOND_FACTOR_REQUIRED);
    await page.locator('input[name="username"]').fill('walker');
    await page.locator('input[name="password"]').fill('walker-password');
    await page.locator('form button[type="submit"]').click();
    await expect(heading(page, t)).toBeVisible();
    await expect(page.locator('input[name="totp_code"]')).toBeFocused();
  },
};

const recoveryCodeStep: ScreenState = {
  name: 'second step, recovery code',
  open: async ({ page, t }) => {
    await clickButton(page, t('Use a recovery code', 'Wiederherstellungscode verwenden'));
    await expect(page.locator('input[name="recovery_code"]')).toBeFocused();
  },
  close: async ({ page, t }) => {
    await clickButton(page, t('Back to sign-in', 'Zurück zur Anmeldung'));
    await expect(page.locator('input[name="username"]')).toBeVisible();
  },
};

const NEW_PASSWORD = 'Walk-Pass-7!x';

const reauthenticationDialog: ScreenState = {
  name: 're-authentication',
  open: async ({ page, t }) => {
    await answerOnce(page, '/update-password-authentication/', REAUTHENTICATION_REQUIRED);
    await page.locator('input[name="password"]').fill(NEW_PASSWORD);
    await page.locator('input[name="confirmation"]').fill(NEW_PASSWORD);
    await clickButton(page, t('Save', 'Speichern'));
    await expect(
      dialog(page).getByRole('heading', { name: t('Confirm your identity', 'Identität bestätigen') }),
    ).toBeVisible();
  },
};

const reauthenticationSecondStep: ScreenState = {
  name: 're-authentication, second step',
  open: async ({ page, t }) => {
    await answerOnce(page, '/reauthenticate/', SECOND_FACTOR_REQUIRED);
    await dialog(page).locator('input[name="password"]').fill('walker-password');
    await dialog(page)
      .getByRole('button', { name: t('Confirm', 'Bestätigen'), exact: true })
      .click();
    await expect(
      dialog(page).getByRole('heading', { name: t('Two-step verification', 'Bestätigung in zwei Schritten') }),
    ).toBeVisible();
  },
  close: async ({ page, t }) => {
    await dialog(page)
      .getByRole('button', { name: t('Cancel', 'Abbrechen'), exact: true })
      .click();
    await expect(dialog(page)).toHaveCount(0);
  },
};

const addDialog = (
  name: string,
  button: [string, string],
  shown: (page: Page, t: WalkContext['t']) => ReturnType<Page['getByRole']>,
): ScreenState => ({
  name,
  open: async ({ page, t }) => {
    await clickButton(page, t(...button));
    await expect(shown(page, t)).toBeVisible();
  },
  close: escape,
});

const FACTOR = {
  uid: '00000000-0000-4000-8000-0000000000f1',
  kind: 'totp',
  name: 'Walk phone',
  created: 1_780_000_000,
  last_used: 1_780_086_400,
};
const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `walk-${String(index).padStart(4, '0')}-code`);

/** The Security page of a user with one authenticator app, and the recovery codes a renewal would answer (only the page's own routes). */
async function withOneFactor({ page }: WalkContext): Promise<void> {
  await page.route('**/api/auth/second-factors/', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: [FACTOR] }) : route.fallback(),
  );
  await page.route('**/api/auth/second-factors/recovery-codes/', (route) =>
    route.fulfill({ json: { recovery_codes: RECOVERY_CODES } }),
  );
}

/** /info/ of a session that may only enroll, once: the page shows the enrollment page instead of the panel. */
async function enrollmentOnly({ page }: WalkContext): Promise<void> {
  await page.route(
    '**/api/auth/info/',
    async (route) => {
      const response = await route.fetch();
      const info = await response.json();
      await route.fulfill({
        response,
        json: {
          ...info,
          second_factor: {
            enrolled: false,
            required: true,
            grace_until: null,
            enrollment_only: true,
            recovery_codes_left: 0,
          },
        },
      });
    },
    { times: 1 },
  );
}

export const SECOND_FACTOR_SCREENS: WalkScreen[] = [
  {
    name: 'login second step',
    path: () => '/login',
    signedOut: true,
    ready: async ({ page }) => expect(page.locator('input[name="username"]')).toBeFocused(),
    states: [loginSecondStep, recoveryCodeStep],
  },
  {
    name: 'security',
    path: () => '/security',
    ready: async ({ page, t }) => {
      await expect(page.getByRole('heading', { name: t('Second factors', 'Zweite Faktoren') })).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
    },
    states: [
      addDialog('add authenticator app', ['Add authenticator app', 'Authenticator-App hinzufügen'], (page) =>
        dialog(page).locator('input[name="name"]'),
      ),
      {
        name: 'add authenticator app, QR code',
        open: async ({ page, t }) => {
          await clickButton(page, t('Add authenticator app', 'Authenticator-App hinzufügen'));
          await dialog(page)
            .getByRole('button', { name: t('Continue', 'Weiter'), exact: true })
            .click();
          await expect(
            dialog(page).getByRole('img', {
              name: t('QR code for your authenticator app', 'QR-Code für Ihre Authenticator-App'),
            }),
          ).toBeVisible();
        },
        close: escape,
      },
      addDialog(
        'add passkey',
        ['Add passkey or security key', 'Passkey oder Sicherheitsschlüssel hinzufügen'],
        (page) => dialog(page).locator('input[name="name"]'),
      ),
    ],
  },
  {
    name: 'security, one factor',
    path: () => '/security',
    before: withOneFactor,
    ready: async ({ page }) => expect(page.getByText(FACTOR.name, { exact: true })).toBeVisible(),
    states: [
      {
        name: 'remove question',
        open: async ({ page, t }) => {
          await clickButton(page, t(`Remove ${FACTOR.name}`, `${FACTOR.name} entfernen`));
          await expect(dialog(page)).toBeVisible();
        },
        close: escape,
      },
      {
        name: 'recovery codes',
        open: async ({ page, t }) => {
          await clickButton(page, t('New recovery codes', 'Neue Wiederherstellungscodes'));
          await dialog(page)
            .getByRole('button', { name: t('New recovery codes', 'Neue Wiederherstellungscodes'), exact: true })
            .click();
          await expect(dialog(page).getByRole('list').getByRole('listitem')).toHaveCount(RECOVERY_CODES.length);
        },
        close: async ({ page, t }) => {
          await dialog(page)
            .getByRole('button', { name: t('I have saved them', 'Ich habe sie gesichert'), exact: true })
            .click();
          await expect(dialog(page)).toHaveCount(0);
        },
      },
    ],
  },
  {
    name: 'enrollment-only page',
    path: () => '/dashboard',
    before: enrollmentOnly,
    ready: async ({ page, t }) =>
      expect(
        page.getByRole('heading', { name: t('Set up a second factor', 'Zweiten Faktor einrichten'), level: 1 }),
      ).toBeVisible(),
  },
  {
    name: 'new password, re-authentication',
    path: () => '/new-password',
    ready: async ({ page }) => expect(page.locator('input[type="password"]').first()).toBeVisible(),
    states: [reauthenticationDialog, reauthenticationSecondStep],
  },
  {
    name: 'edit user, second factor tab',
    path: (seed) => `/users/${seed.user.uid}/`,
    ready: async ({ page, seed }) => expect(page.locator('input[name="publicName"]')).toHaveValue(seed.user.publicName),
    states: [
      {
        name: 'second factor tab',
        open: async ({ page, t }) => {
          await page.getByRole('tab', { name: t('Second factor', 'Zweiter Faktor') }).click();
          await expect(page.getByRole('tab', { name: t('Second factor', 'Zweiter Faktor') })).toHaveAttribute(
            'aria-selected',
            'true',
          );
          await expect(page.getByRole('progressbar')).toHaveCount(0);
        },
      },
    ],
  },
];
