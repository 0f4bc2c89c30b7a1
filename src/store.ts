import { localStorageStore, type Store } from 'react-admin';

/** Store entries that survive react-admin's store reset on logout (the chosen language and light or dark theme). */
const KEPT_ON_RESET = ['locale', 'theme'];

/**
 * react-admin's local storage store (keys 'RaStore.<key>', e.g. 'RaStore.locale'), except that a logout,
 * which resets the store, keeps the chosen language and theme, and that without a chosen language it answers the
 * starting one (not stored): react-admin's I18nContextProvider renders nothing until the store's language equals the
 * i18nProvider's, so with none stored the first render would be empty and the page would appear one render later.
 */
export function createStore(startingLocale?: string): Store {
  const store = localStorageStore();
  return {
    ...store,
    getItem<T>(key: string, defaultValue?: T) {
      const value = store.getItem(key, defaultValue);
      return value === undefined && key === 'locale' ? (startingLocale as T | undefined) : value;
    },
    reset() {
      const kept = KEPT_ON_RESET.map((key) => [key, store.getItem(key)] as const);
      store.reset();
      for (const [key, value] of kept) if (value !== undefined) store.setItem(key, value);
    },
  };
}
