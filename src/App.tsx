import { type ReactNode, useState } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { LoginPage } from './auth/LoginPage';
import { RootPage } from './auth/RootPage';
import { ServicesContext } from './auth/ServicesContext';
import type { Session } from './auth/session';
import { routerProvider } from './common/history/routerProvider';
import type { RuntimeConfig } from './config';
import { Layout, type PreloadedList } from './layout/Layout';
import { NotFoundRedirect } from './layout/NotFoundRedirect';
import { gated, PermissionGate } from './layout/PermissionGate';
import { darkTheme, theme } from './layout/theme';
import { panelMenu, panelResources, panelRoutes } from './registry';
import { createServices } from './services';

interface AppProps {
  config: RuntimeConfig;
  /** Tests pass their own session (timers, storage); the panel creates one per configuration. */
  session?: Session;
}

const preload = panelResources.flatMap(({ name, preload, permission }): PreloadedList[] => (preload ? [{ name, preload, permission }] : []));

/** The registry's resources with their screens behind the permission gate. */
const resources = panelResources.map(({ list, create, edit, permission, editPermission = permission, ...resource }) => ({
  ...resource,
  list: gated(list, permission),
  create: gated(create, editPermission),
  edit: gated(edit, editPermission),
}));

/** The layout with the registry's drawer entries and the lists it loads when it opens. */
const PanelLayout = ({ children }: { children: ReactNode }) => (
  <Layout menu={panelMenu} preload={preload}>
    {children}
  </Layout>
);

/**
 * Routes (README, The panel): /login and / without layout (react-router ranks them above react-admin's "/*"); every
 * area's routes and react-admin's resource routes inside the layout, all protected by requireAuth and each behind the
 * permission gate (README, The panel by permission); unknown paths go to /.
 * Every resource of the registry is declared, most without screens (their areas' routes show them at the panel's
 * paths); such a resource's own path /<name>/… is unknown too.
 */
export const App = ({ config, session }: AppProps) => {
  const [services] = useState(() => createServices(config, session));
  return (
    <ServicesContext.Provider value={services}>
      {/*
        react-admin would create a HashRouter; the panel's paths are real paths (the server falls back to index.html).
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
          layout={PanelLayout}
          loginPage={false}
          catchAll={NotFoundRedirect}
          requireAuth
          theme={theme}
          darkTheme={darkTheme}
          disableTelemetry
        >
          <CustomRoutes noLayout>
            <Route path="/" element={<RootPage />} />
            <Route path="/login" element={<LoginPage />} />
          </CustomRoutes>
          <CustomRoutes>
            {panelRoutes.map(({ path, permission, component: Screen }) => (
              <Route
                key={path}
                path={path}
                element={
                  <PermissionGate permission={permission}>
                    <Screen />
                  </PermissionGate>
                }
              />
            ))}
          </CustomRoutes>
          {resources.map(({ name, icon, recordRepresentation, list, create, edit }) => (
            <Resource key={name} name={name} icon={icon} recordRepresentation={recordRepresentation} list={list} create={create} edit={edit}>
              {!list && <Route path="*" element={<NotFoundRedirect />} />}
            </Resource>
          ))}
        </Admin>
      </BrowserRouter>
    </ServicesContext.Provider>
  );
};
