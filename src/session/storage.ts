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
  return workingStorage(() => globalThis.localStorage);
}

/** The tab's sessionStorage (it outlives a reload, not the tab) when it works, otherwise memory. */
export function defaultTabStorage(): StorageLike {
  return workingStorage(() => globalThis.sessionStorage);
}

function workingStorage(get: () => Storage): StorageLike {
  try {
    const storage = get();
    const probe = '__caredesk_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return memoryStorage();
  }
}
