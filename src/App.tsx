import { lazy, useState } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { LoginPage } from './auth/LoginPage';
import { routerProvider } from './common/history/routerProvider';
import { RootPage } from './auth/RootPage';
import { ServicesContext } from './auth/ServicesContext';
import type { Session } from './auth/session';
import type { RuntimeConfig } from './config';
import { Layout } from './layout/Layout';
import { theme } from './layout/theme';
import { NotFoundRedirect } from './layout/NotFoundRedirect';
import careRequests from './resources/careRequests';
import users from './resources/users';
import { mailRoutes } from './resources/mail';
import { filesRoutes } from './resources/files/routes';
import { createServices } from './services';

const Dashboard = lazy(() => import('./dashboard/Dashboard'));
const NewPasswordPage = lazy(() => import('./password/NewPasswordPage'));

export interface AppProps {
  config: RuntimeConfig;
  /** Tests pass their own session (timers, storage); the panel creates one per configuration. */
  session?: Session;
}

/**
 * Routes (spec section 2): /login and / without layout (react-router ranks them above react-admin's "/*");
 * /dashboard, /new-password and the users resource (/users/, /users/create/, /users/{userId}/) inside the layout,
 * all protected by requireAuth; unknown paths go to /.
 */
export const App = ({ config, session }: AppProps) => {
  const [services] = useState(() => createServices(config, session));
  return (
    <ServicesContext.Provider value={services}>
      {/*
        react-admin would create a HashRouter; the spec's paths are real paths (the server falls back to index.html).
        No transitions: react-admin's logout navigates and clears the query cache in one go, and the urgent re-render
        caused by the cache reset would keep interrupting a transition-wrapped navigation (endless redirect loop).
      */}
      <BrowserRouter useTransitions={false}>
        <Admin
          title="Caredesk"
          authProvider={services.authProvider}
          dataProvider={services.dataProvider}
          i18nProvider={services.i18nProvider}
          store={services.store}
          routerProvider={routerProvider}
          layout={Layout}
          loginPage={false}
          catchAll={NotFoundRedirect}
          requireAuth
          theme={theme}
          darkTheme={null}
          disableTelemetry
        >
          <CustomRoutes noLayout>
            <Route path="/" element={<RootPage />} />
            <Route path="/login" element={<LoginPage />} />
          </CustomRoutes>
          <CustomRoutes>
            <Route path="/dashboard" element={<Dashboard />} />
            <Route path="/new-password" element={<NewPasswordPage />} />
            <Route path={careRequests.paths.create} element={<careRequests.create />} />
            <Route path={careRequests.paths.incoming} element={<careRequests.incoming />} />
          </CustomRoutes>
          <CustomRoutes>{mailRoutes}</CustomRoutes>
          <CustomRoutes>{filesRoutes}</CustomRoutes>
          <Resource {...users} />
        </Admin>
      </BrowserRouter>
    </ServicesContext.Provider>
  );
};
