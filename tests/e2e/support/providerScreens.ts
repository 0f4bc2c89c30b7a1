import { expect, type Page } from '@playwright/test';
import { dialog, escape, filterMenu, popover, row } from './screenControls';
import type { WalkContext, WalkScreen } from './screenWalk';

/**
 * What the panel shows of a sign-in provider: the login page's button (reachable or not) with a refusal, the users list's column and
 * filter, a linked user's editor, and the Security page of a linked user. The walk's server has no provider: these screens answer
 * GET /api/auth/oidc/ themselves and show the walk's user (or the signed-in administrator) as linked in the service's own answers.
 */

const OIDC = '**/api/auth/oidc/';
const USERS = '**/api/auth/administration/users/**';
const OWN_INFO = '**/api/auth/info/?extended=true';
const PROVIDER = { enabled: true, name: 'Keycloak', reachable: true };
const LINK = {
  issuer: 'https://login.agency.example/realms/staff',
  subject: '5f0c9a3e-7d41-4b8e-9c2a-6a1b2c3d4e5f',
  linked_at: 1_767_225_600,
  last_sign_in: 1_767_312_000,
  roles_managed: true,
};

async function describeProvider(page: Page, info: object = PROVIDER) {
  await page.route(OIDC, (route) => route.fulfill({ json: info }));
}

/** The walk's user, linked to the provider, in every answer of the users list and of a user read. */
async function linkWalkUser({ page, seed }: WalkContext) {
  const linked = (item: unknown) =>
    (item as { domain_user?: { uid?: string } } | null)?.domain_user?.uid === seed.user.uid
      ? { ...(item as object), sign_in: 'oidc', provider_link: LINK }
      : item;
  await page.route(USERS, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as unknown;
    const json = Array.isArray(body)
      ? body.map(linked)
      : body !== null && typeof body === 'object' && 'items' in body
        ? { ...body, items: (body as { items: unknown[] }).items.map(linked) }
        : linked(body);
    await route.fulfill({ response, json });
  });
}

const withProviderAndLink = async (ctx: WalkContext) => {
  await describeProvider(ctx.page);
  await linkWalkUser(ctx);
};

const endAnswers = async ({ page }: WalkContext) => {
  for (const pattern of [OIDC, USERS, OWN_INFO]) await page.unroute(pattern);
};

export const PROVIDER_SCREENS: WalkScreen[] = [
  {
    name: 'login with a sign-in provider, after a refusal',
    path: () => '/login?oidc_error=no-role',
    signedOut: true,
    before: ({ page }) => describeProvider(page),
    ready: async ({ page, t }) => {
      await expect(page.getByRole('link', { name: t('Sign in with Keycloak', 'Mit Keycloak anmelden') })).toBeVisible();
      await expect(page.getByRole('alert')).toBeVisible();
    },
    states: [
      {
        name: 'provider unreachable',
        open: async ({ page, t }) => {
          await page.unroute(OIDC);
          await describeProvider(page, { ...PROVIDER, reachable: false });
          await page.goto('/login');
          await expect(
            page.getByRole('button', { name: t('Sign in with Keycloak', 'Mit Keycloak anmelden') }),
          ).toBeDisabled();
        },
      },
    ],
    after: endAnswers,
  },
  {
    name: 'users list with a sign-in provider',
    path: () => '/users/',
    before: withProviderAndLink,
    ready: async ({ page, seed }) => expect(row(page, seed.user.username).getByTestId('sign-in-chip')).toBeVisible(),
    states: [
      filterMenu,
      {
        name: 'sign-in filter choices',
        open: async (ctx) => {
          const { page, t } = ctx;
          await filterMenu.open(ctx);
          await popover(page)
            .getByRole('combobox', { name: t('Signs in with', 'Meldet sich an mit') })
            .click();
          await expect(page.getByRole('listbox')).toBeVisible();
        },
        close: async ({ page }) => {
          await page.keyboard.press('Escape');
          await expect(page.getByRole('listbox')).toHaveCount(0);
          await page.keyboard.press('Escape');
          await expect(popover(page)).toHaveCount(0);
        },
      },
    ],
    after: endAnswers,
  },
  {
    name: 'edit a user linked to the provider',
    path: (seed) => `/users/${seed.user.uid}/`,
    before: withProviderAndLink,
    ready: async ({ page, t }) =>
      expect(page.getByText(t('Managed by Keycloak', 'Von Keycloak verwaltet'), { exact: false })).toBeVisible(),
    states: [
      {
        name: 'the link on the authentication tab',
        open: async ({ page, t }) => {
          await page.getByRole('tab', { name: t('Authentication', 'Authentifizierung') }).click();
          await expect(page.getByRole('region', { name: t('Sign-in provider', 'Anmeldedienst') })).toBeVisible();
        },
      },
      {
        name: 'unlink question',
        open: async ({ page, t }) => {
          await page
            .getByRole('region', { name: t('Sign-in provider', 'Anmeldedienst') })
            .getByRole('button', { name: t('Unlink', 'Verknüpfung lösen') })
            .click();
          await expect(dialog(page)).toBeVisible();
        },
        close: escape,
      },
    ],
    after: endAnswers,
  },
  {
    name: 'security of a user linked to the provider',
    path: () => '/security',
    before: async ({ page }) => {
      await page.route(OWN_INFO, async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { authentication?: object };
        await route.fulfill({
          response,
          json: { ...body, authentication: { ...body.authentication, provider: 'Keycloak' } },
        });
      });
    },
    ready: async ({ page, t }) =>
      expect(
        page.getByText(t('You sign in with Keycloak', 'Sie melden sich über Keycloak an'), { exact: false }),
      ).toBeVisible(),
    after: endAnswers,
  },
];
