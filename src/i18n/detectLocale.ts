export const LOCALES = [
  { locale: 'en', name: 'English' },
  { locale: 'de', name: 'Deutsch' },
] as const;

export type Locale = (typeof LOCALES)[number]['locale'];

const DEFAULT_LOCALE: Locale = 'en';

/** react-admin's store keeps the chosen language under this local storage key, as a JSON string. */
export const LOCALE_STORAGE_KEY = 'RaStore.locale';

const isLocale = (value: unknown): value is Locale => LOCALES.some((entry) => entry.locale === value);

/** 'de', 'de-AT', 'DE_ch' -> 'de'; unsupported -> undefined. */
function matchLocale(tag: string | null | undefined): Locale | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : undefined;
}

function storedLocale(storage: Pick<Storage, 'getItem'> | null | undefined): Locale | undefined {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(LOCALE_STORAGE_KEY) ?? null;
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'string' ? matchLocale(value) : undefined;
  } catch {
    return matchLocale(raw);
  }
}

const browserStorage = (): Pick<Storage, 'getItem'> | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

/** The language: local storage first, then the browser's languages in order of preference, then English. */
export function detectLocale(
  storage: Pick<Storage, 'getItem'> | null | undefined = browserStorage(),
  browser: { languages?: readonly string[]; language?: string } | null | undefined = globalThis.navigator,
): Locale {
  const fromStorage = storedLocale(storage);
  if (fromStorage) return fromStorage;
  const preferred = browser?.languages?.length ? browser.languages : browser?.language ? [browser.language] : [];
  for (const tag of preferred) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
