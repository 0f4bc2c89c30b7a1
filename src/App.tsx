import { lazy, Suspense, useState } from 'react';
import { AdminContext, type I18nProvider } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { routerProvider } from './common/history/routerProvider';
import { ServicesContext } from './common/ServicesContext';
import type { RuntimeConfig } from './config';
import { LoadFailureBoundary } from './layout/LoadFailureBoundary';
import { darkTheme, theme } from './layout/theme';
import { LoginPage } from './login/LoginPage';
import { RootPage } from './login/RootPage';
import { createServices } from './services';
import type { Session } from './session/session';

/** Everything behind sign-in (layout, screens, react-admin's UI): a chunk of its own (docs/architecture.md, Architecture: the lazy admin tree). */
const AdminTree = lazy(() => import('./AdminTree'));

interface AppProps {
  config: RuntimeConfig;
  /** The panel loads the starting language's messages first (src/i18n/loadI18nProvider.ts); tests pass createI18nProvider(). */
  i18nProvider: I18nProvider;
  /** Tests pass their own session (timers, storage); the panel creates one per configuration. */
  session?: Session;
}

/**
 * react-admin's context (providers, store, query cache, theme, translations) around two kinds of routes: / and /login
 * without layout, rendered at once (react-router ranks them above "/*"), and the lazily loaded admin tree for every
 * other path. One context serves both, so a sign-in keeps the store and the query cache, and the chosen language.
 */
export const App = ({ config, i18nProvider, session }: AppProps) => {
  const [services] = useState(() => createServices(config, i18nProvider, session));
  return (
    <ServicesContext.Provider value={services}>
      {/*
        react-admin would create a HashRouter; the panel's paths are real paths (the server falls back to index.html).
        No transitions: react-admin's logout navigates and clears the query cache in one go, and the urgent re-render
        caused by the cache reset would keep interrupting a transition-wrapped navigation (endless redirect loop).
      */}
      <BrowserRouter useTransitions={false}>
        <AdminContext
          authProvider={services.authProvider}
          dataProvider={services.dataProvider}
          i18nProvider={services.i18nProvider}
          store={services.store}
          routerProvider={routerProvider}
          theme={theme}
          darkTheme={darkTheme}
        >
          <Routes>
            <Route path="/" element={<RootPage />} />
            <Route path="/login" element={<LoginPage />} />
            <Route
              path="/*"
              element={
                <LoadFailureBoundary>
                  <Suspense fallback={null}>
                    <AdminTree />
                  </Suspense>
                </LoadFailureBoundary>
              }
            />
          </Routes>
        </AdminContext>
      </BrowserRouter>
    </ServicesContext.Provider>
  );
};
