import type { ComponentType } from 'react';
import type { GetListParams } from 'react-admin';
import type { Requirement } from '../common/permissions';
import type { ResourceName } from '../dataProviders';

/** Where a screen stands in the left drawer. */
export interface DrawerPlacement {
  /** Translation key of the label. */
  label: string;
  /** Translation key of the accessible name, when the label alone is ambiguous (it must contain the label). */
  accessibleLabel?: string;
  /** Translation key of the group heading (e.g. 'Mail Delivery'); the registry orders the groups. */
  group?: string;
}

/**
 * A screen of a resource on a path of its own: it needs the resource's permission (an editor its `editPermission`), and
 * its drawer entry shows the resource's icon.
 */
export interface ResourceScreen {
  path: string;
  component: ComponentType;
  /** It creates or changes records. */
  editor?: boolean;
  menu?: DrawerPlacement;
}

/** A screen of no resource (the dashboard, the own password, the care-request stepper): it names what it needs and its drawer icon. */
export interface AreaScreen {
  path: string;
  /** What the screen needs; a direct link without it shows the "no access" page. */
  permission: Requirement;
  component: ComponentType;
  menu?: DrawerPlacement & { icon: ComponentType };
}

/**
 * A react-admin resource of an area. Its screens are react-admin's own routes (/<name>/, /<name>/create, /<name>/:id)
 * where those are the panel's paths (users); otherwise it is declared without them and its `screens` show it.
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
  /** The drawer entry of its react-admin list screen (/<name>/). */
  listMenu?: DrawerPlacement;
  /** Its screens on the panel's own paths. */
  screens?: ResourceScreen[];
}

/** An area's card on the dashboard. */
export interface AreaFigures {
  /** The card; it shows nothing to a user whose permissions do not allow its figures. */
  component: ComponentType;
  /** Its place among the cards (ascending). */
  order: number;
  /** Across the dashboard's whole width below the other cards (a chart), instead of one cell of their grid. */
  wide?: boolean;
}

/** What every panel area (src/resources/<area>/index.ts, the dashboard, the own-password page) exports. */
export interface PanelArea {
  resources?: PanelResource[];
  screens?: AreaScreen[];
  figures?: AreaFigures;
}

/** A page of its own path inside the layout, as the registry hands it out. */
export interface PanelRoute {
  path: string;
  permission: Requirement;
  component: ComponentType;
}

/** One entry of the left drawer, as the registry hands it out. */
export interface MenuEntry extends DrawerPlacement {
  /** The route path. */
  to: string;
  /** What the entry needs to be shown (the same as its route's). */
  permission: Requirement;
  icon: ComponentType;
}
