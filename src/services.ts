import type { AuthProvider, I18nProvider, Store } from 'react-admin';
import type { Services } from './common/ServicesContext';
import type { RuntimeConfig } from './config';
import type { CaredeskDataProvider } from './dataProviders';
import { createHttpClient } from './dataProviders/httpClient';
import { lazyDataProvider } from './dataProviders/lazy';
import { createAuthProvider } from './login/authProvider';
import { createSession, type Session } from './session/session';
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
