import type { ReactNode } from 'react';
import { AdminUI, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { Layout, type PreloadedList } from './layout/Layout';
import { NotFoundRedirect } from './layout/NotFoundRedirect';
import { gated, PermissionGate } from './layout/PermissionGate';
import { panelMenu, panelResources, panelRoutes } from './registry';
import { APP_NAME } from './common/documentTitle';

const preload = panelResources.flatMap(({ name, preload, permission }): PreloadedList[] =>
  preload ? [{ name, preload, permission }] : [],
);

/** The registry's resources with their screens behind the permission gate. */
const resources = panelResources.map(
  ({ list, create, edit, permission, editPermission = permission, ...resource }) => ({
    ...resource,
    list: gated(list, permission),
    create: gated(create, editPermission),
    edit: gated(edit, editPermission),
  }),
);

/** The layout with the registry's drawer entries and the lists it loads when it opens. */
const PanelLayout = ({ children }: { children: ReactNode }) => (
  <Layout menu={panelMenu} preload={preload}>
    {children}
  </Layout>
);

/**
 * The admin tree: react-admin's UI (layout, every area's routes and resource routes, all protected by requireAuth and each
 * behind the permission gate; docs/panel.md, By permission) inside the context App.tsx provides. It is its own chunk,
 * loaded once a path other than / and /login opens, so the login page does not wait for it. Unknown paths go to /.
 * Every resource of the registry is declared, most without react-admin's screens (their own screens show them at the
 * panel's paths); such a resource's own path /<name>/… is unknown too.
 */
const AdminTree = () => (
  <AdminUI
    title={APP_NAME}
    layout={PanelLayout}
    loginPage={false}
    catchAll={NotFoundRedirect}
    requireAuth
    disableTelemetry
  >
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
      <Resource
        key={name}
        name={name}
        icon={icon}
        recordRepresentation={recordRepresentation}
        list={list}
        create={create}
        edit={edit}
      >
        {!list && <Route path="*" element={<NotFoundRedirect />} />}
      </Resource>
    ))}
  </AdminUI>
);

export default AdminTree;
