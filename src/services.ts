import type { AuthProvider, I18nProvider, Store } from 'react-admin';
import { createAuthProvider } from './auth/authProvider';
import type { Services } from './auth/ServicesContext';
import { createSession, type Session } from './auth/session';
import type { RuntimeConfig } from './config';
import { type CaredeskDataProvider, createDataProvider } from './dataProviders';
import { createHttpClient } from './dataProviders/httpClient';
import { createI18nProvider } from './i18n/i18nProvider';
import { createStore } from './store';

interface AppServices extends Services {
  authProvider: AuthProvider;
  dataProvider: CaredeskDataProvider;
  i18nProvider: I18nProvider;
  store: Store;
}

/** Wires session, HTTP client and react-admin's providers for one runtime configuration. */
export function createServices(config: RuntimeConfig, session: Session = createSession({ authUrl: config.authUrl })): AppServices {
  const i18nProvider = createI18nProvider();
  const httpClient = createHttpClient(session, i18nProvider.translate);
  return {
    config,
    session,
    httpClient,
    authProvider: createAuthProvider({ session, httpClient }),
    dataProvider: createDataProvider(config, httpClient),
    i18nProvider,
    store: createStore(),
  };
}
