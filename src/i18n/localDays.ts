import type { I18nProvider } from 'react-admin';
import { dateOfDay } from '../common/dates/days';

/** The date fields' own formats, so that a message names a day as staff type it. */
const DAY_FORMATS: Record<string, Intl.DateTimeFormat> = {
  de: new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' }),
  en: new Intl.DateTimeFormat('en-US', { day: '2-digit', month: '2-digit', year: 'numeric' }),
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Days in a message's arguments ('YYYY-MM-DD', as validators and the services name them) are shown in the panel's language
 * ("01.12.2026", "12/01/2026"): no translated text shows a person an ISO day.
 */
export function withLocalDays(provider: I18nProvider): I18nProvider {
  const localDay = (value: unknown) => {
    const date = typeof value === 'string' && ISO_DAY.test(value) ? dateOfDay(value) : null;
    return date ? (DAY_FORMATS[provider.getLocale()] ?? DAY_FORMATS.en).format(date) : value;
  };
  return {
    ...provider,
    translate: (key, options) =>
      provider.translate(key, options && Object.fromEntries(Object.entries(options).map(([name, value]) => [name, localDay(value)]))),
  };
}
