import type { MenuEntry } from '../../layout/menuItems';
import apiTokens from '../apiTokens';
import files, { filesPaths } from './index';

/**
 * Drawer entries: Pricing > API Access Tokens (first), then Filebucket > Search files and API Access Tokens; the two token
 * entries are told apart by their accessible names (the screens' titles).
 */
export const pricingMenuItems: MenuEntry[] = [
  {
    to: filesPaths.pricingTokens,
    label: 'caredesk.files.menu.api_keys',
    accessibleLabel: 'caredesk.files.tokens.title_pricing',
    icon: apiTokens.icon,
    group: 'caredesk.files.menu.pricing',
  },
];
export const filebucketMenuItems: MenuEntry[] = [
  { to: filesPaths.search, label: 'caredesk.files.menu.search', icon: files.icon, group: 'caredesk.files.menu.filebucket' },
  {
    to: filesPaths.fileTokens,
    label: 'caredesk.files.menu.api_keys',
    accessibleLabel: 'caredesk.files.tokens.title_files',
    icon: apiTokens.icon,
    group: 'caredesk.files.menu.filebucket',
  },
];
