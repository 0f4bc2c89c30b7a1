import type { I18nProvider } from 'react-admin';

/**
 * The page's language (`<html lang>`) follows the panel's, from the first paint on: screen readers then read German texts
 * with a German voice and browsers hyphenate and spell-check in the right language (WCAG 3.1.1).
 */
export function withDocumentLanguage(provider: I18nProvider): I18nProvider {
  const follow = (locale: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = locale;
  };
  follow(provider.getLocale());
  return {
    ...provider,
    changeLocale: async (locale, options) => {
      await provider.changeLocale(locale, options);
      follow(locale);
    },
  };
}
