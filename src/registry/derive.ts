import type { ComponentType } from 'react';
import type { AreaScreen, MenuEntry, PanelArea, PanelResource, PanelRoute } from './types';

/** A screen with what it needs and its drawer icon; one without a component is react-admin's own (the users list). */
type Screen = Omit<AreaScreen, 'component'> & { component?: ComponentType };

function screensOfResource({
  name,
  permission,
  editPermission = permission,
  icon,
  listMenu,
  screens = [],
}: PanelResource): Screen[] {
  const list: Screen[] = listMenu ? [{ path: `/${name}/`, permission, menu: { ...listMenu, icon } }] : [];
  const own = screens.map(({ path, component, editor, menu }): Screen => ({
    path,
    component,
    permission: editor ? editPermission : permission,
    ...(menu && { menu: { ...menu, icon } }),
  }));
  return [...list, ...own];
}

/** An area's screens: its resources' first, then its own. */
const screensOf = (area: PanelArea): Screen[] => [
  ...(area.resources ?? []).flatMap(screensOfResource),
  ...(area.screens ?? []),
];

export const resourcesOf = (areas: PanelArea[]): PanelResource[] => areas.flatMap((area) => area.resources ?? []);

export const routesOf = (areas: PanelArea[]): PanelRoute[] =>
  areas
    .flatMap(screensOf)
    .flatMap(({ path, permission, component }) => (component ? [{ path, permission, component }] : []));

/**
 * The drawer's entries: those without a group first, then group by group (`groups` in their order, any other after
 * them); within that, in the order of the areas.
 */
export function menuOf(areas: PanelArea[], groups: string[]): MenuEntry[] {
  const entries = areas
    .flatMap(screensOf)
    .flatMap(({ path, permission, menu }): MenuEntry[] => (menu ? [{ to: path, permission, ...menu }] : []));
  const ranked = [...new Set([...groups, ...entries.flatMap((entry) => entry.group ?? [])])];
  const rank = (entry: MenuEntry) => (entry.group === undefined ? -1 : ranked.indexOf(entry.group));
  return entries.sort((a, b) => rank(a) - rank(b));
}
