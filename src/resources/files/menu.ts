import type { MenuEntry } from '../../layout/menuItems';
import apiTokens from '../apiTokens';
import files, { filesPaths } from './index';

/** Drawer entries: Pricing > API Access Tokens (first), then Filebucket > Search files and API Access Tokens. */
export const pricingMenuItems: MenuEntry[] = [
  { to: filesPaths.pricingTokens, label: 'caredesk.files.menu.api_keys', icon: apiTokens.icon, group: 'caredesk.files.menu.pricing' },
];
export const filebucketMenuItems: MenuEntry[] = [
  { to: filesPaths.search, label: 'caredesk.files.menu.search', icon: files.icon, group: 'caredesk.files.menu.filebucket' },
  { to: filesPaths.fileTokens, label: 'caredesk.files.menu.api_keys', icon: apiTokens.icon, group: 'caredesk.files.menu.filebucket' },
];
