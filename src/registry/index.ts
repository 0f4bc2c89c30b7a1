import dashboard from '../dashboard';
import password from '../password';
import apiTokens from '../resources/apiTokens';
import audit from '../resources/audit';
import careRequests from '../resources/careRequests';
import files from '../resources/files';
import mail from '../resources/mail';
import roles from '../resources/roles';
import users from '../resources/users';
import type { MenuEntry, PanelArea } from './types';

/** Every area of the panel, in drawer order. A new area is one more line here. */
const AREAS: PanelArea[] = [dashboard, users, roles, careRequests, files, apiTokens, mail, audit, password];

/**
 * The drawer's group headings (Archive, Customers, Pricing, Filebucket, Mail Delivery) in display order, after the
 * entries without a group. Within a group the entries keep the order of the areas.
 */
const MENU_GROUPS = [
  'caredesk.care.menu.archive',
  'caredesk.care.menu.customers',
  'caredesk.files.menu.pricing',
  'caredesk.files.menu.filebucket',
  'caredesk.mail.menu.group',
];

/** Entries without a group first, then group by group (the listed groups in their order, any other after them). */
function inMenuOrder(entries: MenuEntry[]): MenuEntry[] {
  const groups = [...new Set([...MENU_GROUPS, ...entries.flatMap((entry) => entry.group ?? [])])];
  const rank = (entry: MenuEntry) => (entry.group === undefined ? -1 : groups.indexOf(entry.group));
  return [...entries].sort((a, b) => rank(a) - rank(b));
}

export const panelResources = AREAS.flatMap((area) => area.resources);
export const panelRoutes = AREAS.flatMap((area) => area.routes);
export const panelMenu = inMenuOrder(AREAS.flatMap((area) => area.menu));
