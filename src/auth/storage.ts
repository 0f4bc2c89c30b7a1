/** Where the session keeps the refresh token and the logged-out flag. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function memoryStorage(): StorageLike {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
  };
}

/** localStorage when it works (it throws in some private modes), otherwise memory. */
export function defaultStorage(): StorageLike {
  try {
    const storage = globalThis.localStorage;
    const probe = '__caredesk_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return memoryStorage();
  }
}
