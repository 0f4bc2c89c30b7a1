import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { detectLocale, LOCALES, type Locale } from './detectLocale';
import { withDocumentLanguage } from './documentLanguage';
import { withLocalDays } from './localDays';
import type { en } from './en';

/** Each language's messages are a chunk of their own: the login page loads only the one it shows. */
const LOADERS: Record<Locale, () => Promise<TranslationMessages>> = {
  en: () => import('./en').then((module) => module.en),
  de: () => import('./de').then((module) => module.de as TranslationMessages),
};

const loaderOf = (locale: string) => LOADERS[locale === 'de' ? 'de' : 'en'];

/** The panel's i18nProvider (the same messages as createI18nProvider), once the starting language's messages are loaded. */
export async function loadI18nProvider(initialLocale: Locale = detectLocale()): Promise<I18nProvider> {
  const initial = await loaderOf(initialLocale)();
  return withDocumentLanguage(
    withLocalDays(
      polyglotI18nProvider((locale) => (locale === initialLocale ? initial : loaderOf(locale)()), initialLocale, [
        ...LOCALES,
      ]),
    ),
  );
}

/** The messages of a language (the detected one by default). */
export const loadMessages = (locale: string = detectLocale()) => loaderOf(locale)() as Promise<typeof en>;
