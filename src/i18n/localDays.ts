import type { I18nProvider } from 'react-admin';
import { dateOfDay } from '../common/dates/days';

/** The date fields' own formats, so that a message names a day as staff type it. */
const DAY_FORMATS: Record<string, Intl.DateTimeFormat> = {
  de: new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' }),
  en: new Intl.DateTimeFormat('en-US', { day: '2-digit', month: '2-digit', year: 'numeric' }),
};

/**
 * A message's argument named `day` ('YYYY-MM-DD', as validators and the services name days) is shown as the language writes
 * it ("01.12.2026", "12/01/2026"). By name rather than by look, so that a value that only looks like a day (a file named
 * so) stays as it is; and a name survives react-admin's validation errors, which travel as JSON.
 */
export function withLocalDays(provider: I18nProvider): I18nProvider {
  const shown = (day: unknown) => {
    const date = typeof day === 'string' ? dateOfDay(day) : null;
    return date ? (DAY_FORMATS[provider.getLocale()] ?? DAY_FORMATS.en).format(date) : day;
  };
  return {
    ...provider,
    translate: (key, options?: Record<string, unknown>) =>
      provider.translate(key, options && 'day' in options ? { ...options, day: shown(options.day) } : options),
  };
}
