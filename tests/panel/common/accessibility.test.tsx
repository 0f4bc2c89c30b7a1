import { grey } from '@mui/material/colors';
import { getContrastRatio } from '@mui/material/styles';
import { CircularProgress } from '@mui/material';
import { render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import '../../../src/resources/mail/FailedList';
import '../../../src/resources/users/UserList';
import { LOCALE_STORAGE_KEY } from '../../../src/i18n/detectLocale';
import { createI18nProvider } from '../../../src/i18n/i18nProvider';
import { MuiLocale } from '../../../src/layout/MuiLocale';
import { theme } from '../../../src/layout/theme';
import { territoryOf } from '../../../src/resources/careRequests/parts/TerritoryChip';
import { KNOWN_ROLES, readableTextOn, roleColor } from '../../../src/resources/users/roles';
import { openMailScreen, withFakeMailBackend } from '../support/mailBackend';

/** The ARIA and contrast fixes that jsdom can check; the browser walks (tests/e2e/screen-walk-*.spec.ts) run axe-core on every screen. */

const fake = withFakeMailBackend();
const german = () => window.localStorage.setItem(LOCALE_STORAGE_KEY, '"de"');
const AA = 4.5;

const row = (text: string) => {
  const cell = screen.getAllByText(text).find((element) => element.closest('tbody tr'));
  if (!cell) throw new Error(`no row for ${text}`);
  return cell.closest('tr') as HTMLElement;
};

describe('row checkboxes', () => {
  it('carry their name on the checkbox itself, in English and German', async () => {
    const { unmount } = await openMailScreen(fake.backend, '/mailman/failed-permanently/', 'Contract');
    const checkbox = within(row('Contract')).getByRole('checkbox', { name: 'Select this row' });
    expect(checkbox.tagName).toBe('INPUT');
    expect(checkbox.closest('.MuiCheckbox-root')).not.toHaveAttribute('aria-label');
    unmount();
    german();
    await openMailScreen(fake.backend, '/mailman/failed-permanently/', 'Contract');
    expect(within(row('Contract')).getByRole('checkbox', { name: 'Diese Zeile auswählen' })).toBeInTheDocument();
  });
});

describe('the drawer', () => {
  it('is a menu of menu items and named group separators, each entry with its own name', async () => {
    await openMailScreen(fake.backend, '/users/', 'Bob Recruiter');
    const menu = document.querySelector('.RaMenu-open') as HTMLElement;
    expect(menu).toHaveAttribute('role', 'menu');
    const roles = [...menu.children].map((child) => child.getAttribute('role'));
    expect(new Set(roles)).toEqual(new Set(['menuitem', 'separator']));
    expect(
      within(menu)
        .getAllByRole('separator')
        .map((separator) => separator.getAttribute('aria-label')),
    ).toEqual(['Archive', 'Customers', 'Pricing', 'Filebucket', 'Mail Delivery']);
    const names = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.getAttribute('aria-label') ?? item.textContent);
    expect(new Set(names).size).toBe(names.length);
    for (const name of ['Pricing API Access Tokens', 'Filebucket API Access Tokens']) {
      const item = within(menu).getByRole('menuitem', { name });
      expect(item).toHaveTextContent(/^API Access Tokens$/);
    }
  });
});

describe('the account button', () => {
  it('has an accessible name that starts with the visible public name', async () => {
    await openMailScreen(fake.backend, '/users/', 'Bob Recruiter');
    const button = screen.getByRole('button', { name: 'Alice Admin (Account)' });
    expect(within(button).getByTestId('public-name')).toHaveTextContent('Alice Admin');
  });
});

describe('sort buttons', () => {
  it('name the column as written: "Sort by ID", not "iD"; German column names keep their capital', async () => {
    const { unmount } = await openMailScreen(fake.backend, '/users/', 'Bob Recruiter');
    expect(screen.getByRole('button', { name: /^Sort by ID (ascending|descending)$/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /iD/ })).not.toBeInTheDocument();
    unmount();
    german();
    await openMailScreen(fake.backend, '/users/', 'Bob Recruiter');
    const names = screen
      .getAllByRole('button', { name: /^Sortieren nach / })
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toContain('Sortieren nach Benutzername aufsteigend');
    for (const name of names) expect(name).toMatch(/^Sortieren nach [A-ZÄÖÜ]/);
  });
});

describe('colours', () => {
  it('role chips keep their hues and reach AA contrast with their label colour', () => {
    for (const role of [...KNOWN_ROLES, 'night-shift-lead']) {
      const background = roleColor(role);
      expect(getContrastRatio(background, readableTextOn(background).text), role).toBeGreaterThanOrEqual(AA);
    }
    expect(readableTextOn(roleColor('dispatcher')).text).not.toBe('#fff');
  });

  it('territory chips reach AA contrast with white', () => {
    for (const flags of [
      { core_territory: true, optional_territory: false },
      { core_territory: false, optional_territory: true },
    ]) {
      const { color } = territoryOf({ ...flags, partialZipCode: '10xxx' });
      expect(getContrastRatio(color!, '#fff')).toBeGreaterThanOrEqual(AA);
    }
  });

  it('the theme’s app bar, links and buttons and errors reach AA contrast on their backgrounds', () => {
    const palette = theme.palette as {
      primary: { main: string };
      secondary: { main: string; contrastText: string };
      error: { main: string };
      background: { default: string };
    };
    expect(getContrastRatio(palette.secondary.main, palette.secondary.contrastText)).toBeGreaterThanOrEqual(AA); // app bar
    for (const background of [palette.background.default, '#fff', grey[100], '#f0f0f0']) {
      expect(getContrastRatio(palette.primary.main, background), `primary on ${background}`).toBeGreaterThanOrEqual(AA);
    }
    expect(getContrastRatio(palette.error.main, '#f0f0f0')).toBeGreaterThanOrEqual(AA); // an error label on a focused filled input
  });
});

describe('German drawer entries', () => {
  it('wrap instead of being cut off', async () => {
    german();
    await openMailScreen(fake.backend, '/users/', 'Bob Recruiter');
    const item = await screen.findByRole('menuitem', { name: 'Fehlgeschlagene Zustellungen' });
    await waitFor(() => expect(getComputedStyle(item.querySelector('.MuiTypography-root')!).whiteSpace).toBe('normal'));
  });
});

describe('progress indicators', () => {
  it.each([
    ['en', 'Loading'],
    ['de', 'Wird geladen'],
  ] as const)(
    'are named in the panel language (%s), like react-admin’s loading indicator in the app bar',
    async (locale, name) => {
      render(
        <AdminContext i18nProvider={createI18nProvider(locale)}>
          <MuiLocale>
            <CircularProgress />
          </MuiLocale>
        </AdminContext>,
      );
      expect(await screen.findByRole('progressbar', { name })).toBeInTheDocument();
    },
  );
});
