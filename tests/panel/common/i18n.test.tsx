import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resourceProviders } from '../../../src/dataProviders';
import type { HttpClient } from '../../../src/dataProviders/httpClient';
import { de } from '../../../src/i18n/de';
import { detectLocale, LOCALE_STORAGE_KEY } from '../../../src/i18n/detectLocale';
import { createI18nProvider } from '../../../src/i18n/i18nProvider';
import { en } from '../../../src/i18n/en';
import { careEn } from '../../../src/i18n/messages/en/care';
import { usersEn } from '../../../src/i18n/messages/en/users';
import { withFakeBackend } from '../support/backend';
import { testConfig } from '../support/fakeAuthService';
import { renderApp, storeRefreshToken } from '../support/renderApp';

const backend = withFakeBackend();

const storage = (value?: string) => ({
  getItem: (key: string) => (key === LOCALE_STORAGE_KEY && value !== undefined ? value : null),
});

describe('detectLocale', () => {
  it('takes local storage first (react-admin store key, JSON string)', () => {
    expect(detectLocale(storage('"de"'), { languages: ['en-US'], language: 'en-US' })).toBe('de');
    expect(detectLocale(storage('"en"'), { languages: ['de-DE'], language: 'de-DE' })).toBe('en');
  });

  it('then the browser languages in order of preference, by primary subtag', () => {
    expect(detectLocale(storage(), { languages: ['de-AT', 'en'], language: 'de-AT' })).toBe('de');
    expect(detectLocale(storage(), { languages: ['fr-FR', 'de'], language: 'fr-FR' })).toBe('de');
    expect(detectLocale(storage(), { language: 'de' })).toBe('de');
    expect(detectLocale(storage('"fr"'), { languages: ['de-CH'] })).toBe('de');
  });

  it('then English', () => {
    expect(detectLocale(storage(), { languages: ['fr-FR', 'it'], language: 'fr-FR' })).toBe('en');
    expect(detectLocale(null, null)).toBe('en');
  });
});

/** Every leaf path of a nested message object. */
const keys = (value: unknown, prefix = ''): string[] =>
  value !== null && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key))
    : [prefix];

describe('translations', () => {
  it('German has exactly the keys of English (react-admin and ours), each a non-empty string', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
    for (const key of keys(de)) {
      const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], de);
      expect(typeof value, key).toBe('string');
      if (key !== 'ra.boolean.null') expect((value as string).trim(), key).not.toBe('');
    }
  });

  it("names every resource of the data provider, for react-admin's own messages", () => {
    const names = Object.keys(
      resourceProviders(testConfig, (() => Promise.reject(new Error('unused'))) as unknown as HttpClient),
    );
    expect(names.length).toBeGreaterThan(10);
    for (const name of names)
      expect([en.resources[name]?.name, de.resources[name]?.name], name).toEqual([
        expect.stringMatching(/\S/),
        expect.stringMatching(/\S/),
      ]);
  });

  it('German calls a care request a Betreuungsanfrage throughout, never a Pflegeanfrage', () => {
    const texts = keys(de).map(
      (key) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], de) as string,
    );
    expect(texts.filter((text) => /Pflegeanfrage/i.test(text))).toEqual([]);
    expect(createI18nProvider('de').translate('caredesk.care_work.board.title')).toBe('Tafel der Betreuungsanfragen');
  });

  it('names one care level in the singular, several in the plural', () => {
    const cases = [
      { levels: '2', smart_count: 1 },
      { levels: '3, 2', smart_count: 2 },
    ];
    const levels = (locale: 'en' | 'de') =>
      cases.map((options) => createI18nProvider(locale).translate('caredesk.care_work.board.care_levels', options));
    expect(levels('en')).toEqual(['Care level 2', 'Care levels 3, 2']);
    expect(levels('de')).toEqual(['Pflegegrad 2', 'Pflegegrade 3, 2']);
  });

  it('keeps the spec texts', () => {
    expect(en.caredesk.login.errors.status).toBe('Request failed with status code %{status}');
    expect(usersEn.users.messages.tokens_removed).toBe('Tokens haven been removed.');
    expect(usersEn.users.messages.banned).toBe('Users have been baned.');
    expect(en.caredesk.password.rule).toBe(
      'Min. 8 characters with at least one capital letter, a number and a special character.',
    );
  });

  it('names a day (the argument named day) as the language writes it, and leaves other arguments alone', async () => {
    const i18n = createI18nProvider('de');
    const minDate = 'caredesk.care.create.validation.min_date';
    expect(i18n.translate(minDate, { day: '2026-12-01' })).toBe('Das Datum darf nicht vor dem 01.12.2026 liegen');
    await i18n.changeLocale('en');
    expect(i18n.translate(minDate, { day: '2026-12-01' })).toBe('The date must not be before 12/01/2026');
    expect(i18n.translate(minDate, { day: '2026-13-01' })).toBe('The date must not be before 2026-13-01');
    // a text that only looks like a day (a file named so) stays as it is
    expect(i18n.translate('caredesk.files.delete.one', { name: '2026-12-01' })).toContain('“2026-12-01”');
    expect(i18n.translate('caredesk.care.create.validation.max_length', { max: 20 })).toBe(
      careEn.care.create.validation.max_length.replace('%{max}', '20'),
    );
  });
});

describe('language switcher', () => {
  it('switches the login page to German (English / Deutsch), with the page language and title, and remembers the choice', async () => {
    const { user } = renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Sign in · Caredesk');

    await user.click(screen.getByRole('button', { name: /English/ }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['English', 'Deutsch']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Deutsch' }));

    expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
    expect(screen.getByLabelText('Benutzername')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(document.title).toBe(`${de.caredesk.login.title} · Caredesk`);
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('"de"');
  });

  it('shows the layout in German after switching, the page language and the title of the screen with it, and keeps German after a logout', async () => {
    storeRefreshToken(backend.service);
    const { user } = renderApp('/');
    await screen.findByText('Hello Alice Admin!');
    expect(document.documentElement.lang).toBe('en');
    await waitFor(() => expect(document.title).toBe('Dashboard · Caredesk'));

    await user.click(screen.getByRole('button', { name: /English/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deutsch' }));

    expect(await screen.findByText('Hallo Alice Admin!')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Übersicht' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Benutzer' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    await waitFor(() => expect(document.title).toBe('Übersicht · Caredesk'));
    await user.click(screen.getByRole('menuitem', { name: 'Benutzer' }));
    await waitFor(() => expect(document.title).toBe('Benutzer · Caredesk'));

    await user.click(screen.getByRole('button', { name: 'Alice Admin (Konto)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Abmelden' }));
    expect(await screen.findByLabelText('Benutzername')).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('"de"'));
  });

  it('starts in the browser language when nothing is stored', async () => {
    const languages = Object.getOwnPropertyDescriptor(window.navigator, 'languages');
    Object.defineProperty(window.navigator, 'languages', { value: ['de-AT', 'en'], configurable: true });
    try {
      renderApp('/login');
      expect(await screen.findByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
    } finally {
      if (languages) Object.defineProperty(window.navigator, 'languages', languages);
      else delete (window.navigator as { languages?: unknown }).languages;
    }
  });
});
