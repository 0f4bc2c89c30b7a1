import type { AuthProvider, I18nProvider, Store } from 'react-admin';
import { createAuthProvider } from './auth/authProvider';
import type { Services } from './auth/ServicesContext';
import { createSession, type Session } from './auth/session';
import type { RuntimeConfig } from './config';
import type { CaredeskDataProvider } from './dataProviders';
import { createHttpClient } from './dataProviders/httpClient';
import { lazyDataProvider } from './dataProviders/lazy';
import { createStore } from './store';

interface AppServices extends Services {
  authProvider: AuthProvider;
  dataProvider: CaredeskDataProvider;
  i18nProvider: I18nProvider;
  store: Store;
}

/**
 * Wires session, HTTP client and react-admin's providers for one runtime configuration. The data providers load with
 * their first call (docs/architecture.md, Architecture: what the login page loads).
 */
export function createServices(
  config: RuntimeConfig,
  i18nProvider: I18nProvider,
  session: Session = createSession({ authUrl: config.authUrl }),
): AppServices {
  const httpClient = createHttpClient(session, i18nProvider.translate);
  return {
    config,
    session,
    httpClient,
    authProvider: createAuthProvider({ session, httpClient }),
    dataProvider: lazyDataProvider(() =>
      import('./dataProviders').then((module) => module.createDataProvider(config, httpClient)),
    ),
    i18nProvider,
    store: createStore(i18nProvider.getLocale()),
  };
}
