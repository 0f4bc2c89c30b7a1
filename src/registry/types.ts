import type { ComponentType } from 'react';
import type { GetListParams } from 'react-admin';
import type { Requirement } from '../common/permissions';
import type { ResourceName } from '../dataProviders';

/**
 * A react-admin resource of an area. Its screens are react-admin's own routes (/<name>/, /<name>/create, /<name>/:id)
 * where those are the panel's paths (users); otherwise it is declared without screens and the area's routes show it.
 */
export interface PanelResource {
  /** The resource name, which is also the composite data provider's route. */
  name: ResourceName;
  /** What its list screen and its preload need. */
  permission: Requirement;
  /** What its create and edit screens need (default: `permission`). */
  editPermission?: Requirement;
  icon: ComponentType;
  /** The record field (or a function) react-admin names a record by. */
  recordRepresentation?: string;
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  /** List parameters loaded when the layout opens (the same the list screen starts with, so it finds its data cached). */
  preload?: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>;
}

/** A page of its own path inside the layout (a lazily loaded screen). */
export interface PanelRoute {
  path: string;
  /** What the screen needs; a direct link without it shows the "no access" page. */
  permission: Requirement;
  component: ComponentType;
}

/** One entry of the left drawer. */
export interface MenuEntry {
  /** The route path. */
  to: string;
  /** What the entry needs to be shown (the same as its route's). */
  permission: Requirement;
  /** Translation key of the label. */
  label: string;
  icon: ComponentType;
  /** Translation key of the accessible name, when the label alone is ambiguous (it must contain the label). */
  accessibleLabel?: string;
  /** Translation key of the group heading (e.g. 'Mail Delivery'); the registry orders the groups. */
  group?: string;
}

/** What every panel area (src/resources/<area>/index.ts, the dashboard, the own-password page) exports. */
export interface PanelArea {
  resources: PanelResource[];
  routes: PanelRoute[];
  menu: MenuEntry[];
}
