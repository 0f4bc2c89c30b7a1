import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { de } from './de';
import { detectLocale, LOCALES, type Locale } from './detectLocale';
import { withDocumentLanguage } from './documentLanguage';
import { withLocalDays } from './localDays';
import { en } from './en';

export const messages: Record<Locale, typeof en> = { en, de: de };

export function createI18nProvider(initialLocale: Locale = detectLocale()): I18nProvider {
  return withDocumentLanguage(
    withLocalDays(
      polyglotI18nProvider((locale) => (locale === 'de' ? messages.de : messages.en), initialLocale, [...LOCALES]),
    ),
  );
}
