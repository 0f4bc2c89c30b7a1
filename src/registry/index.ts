import account from '../account';
import dashboard from '../dashboard';
import apiTokens from '../resources/apiTokens';
import audit from '../resources/audit';
import careRequests from '../resources/careRequests';
import files from '../resources/files';
import mail from '../resources/mail';
import roles from '../resources/roles';
import users from '../resources/users';
import { menuOf, resourcesOf, routesOf } from './derive';
import type { PanelArea } from './types';

/** Every area of the panel after the dashboard, in drawer order. A new area is one more line here. */
const AREAS: PanelArea[] = [users, roles, careRequests, files, apiTokens, mail, audit, account];

/** The dashboard first, showing the figure cards the other areas contribute. */
const PANEL: PanelArea[] = [dashboard(AREAS.flatMap((area) => area.figures ?? [])), ...AREAS];

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

export const panelResources = resourcesOf(PANEL);
export const panelRoutes = routesOf(PANEL);
export const panelMenu = menuOf(PANEL, MENU_GROUPS);
