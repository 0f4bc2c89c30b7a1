import { localStorageStore, type Store } from 'react-admin';

/** Store entries that survive react-admin's store reset on logout (the chosen language and light or dark theme). */
const KEPT_ON_RESET = ['locale', 'theme'];

/**
 * react-admin's local storage store (keys 'RaStore.<key>', e.g. 'RaStore.locale'), except that a logout,
 * which resets the store, keeps the chosen language and theme.
 */
export function createStore(): Store {
  const store = localStorageStore();
  return {
    ...store,
    reset() {
      const kept = KEPT_ON_RESET.map((key) => [key, store.getItem(key)] as const);
      store.reset();
      for (const [key, value] of kept) if (value !== undefined) store.setItem(key, value);
    },
  };
}
