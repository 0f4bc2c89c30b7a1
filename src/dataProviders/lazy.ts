import type { CaredeskDataProvider } from '.';

/**
 * A data provider that loads the real one (every resource's provider) on its first call, so that the login page's
 * JavaScript does not carry them. Like react-admin's combineDataProviders, every property is a method, except `then`
 * (the provider is not a promise).
 */
export function lazyDataProvider(load: () => Promise<CaredeskDataProvider>): CaredeskDataProvider {
  let loading: Promise<CaredeskDataProvider> | undefined;
  return new Proxy({} as CaredeskDataProvider, {
    get: (_target, name) => {
      if (name === 'then' || typeof name === 'symbol') return undefined;
      return async (...args: unknown[]) => {
        // a failed load (a chunk replaced by a deployment, the network) is tried again on the next call
        loading ??= load().catch((error: unknown) => {
          loading = undefined;
          throw error;
        });
        const provider = (await loading) as unknown as Record<string, (...params: unknown[]) => unknown>;
        return provider[name](...args);
      };
    },
  });
}
