import VpnKeyIcon from '@mui/icons-material/VpnKey';
import { lazy } from 'react';
import { API_TOKEN_RESOURCES } from '../../dataProviders/apiTokens';
import type { PanelArea } from '../../registry/types';

export const FILES_PATH = '/filebucket/api-keys/';
export const PRICING_PATH = '/pricing/api-keys/';

/**
 * The API access tokens of the file service (Filebucket > API Access Tokens) and of the pricing service (Pricing > API
 * Access Tokens), loaded on demand. The two drawer entries share their label and are told apart by their accessible
 * names, the screens' titles.
 */
const apiTokens: PanelArea = {
  resources: [
    { name: API_TOKEN_RESOURCES.files, permission: 'tokens:manage', icon: VpnKeyIcon },
    { name: API_TOKEN_RESOURCES.pricing, permission: 'tokens:manage', icon: VpnKeyIcon },
  ],
  routes: [
    { path: FILES_PATH, permission: 'tokens:manage', component: lazy(() => import('./FileApiTokens')) },
    { path: PRICING_PATH, permission: 'tokens:manage', component: lazy(() => import('./PricingApiTokens')) },
  ],
  menu: [
    {
      to: PRICING_PATH,
      permission: 'tokens:manage',
      label: 'caredesk.files.menu.api_tokens',
      accessibleLabel: 'caredesk.files.tokens.title_pricing',
      icon: VpnKeyIcon,
      group: 'caredesk.files.menu.pricing',
    },
    {
      to: FILES_PATH,
      permission: 'tokens:manage',
      label: 'caredesk.files.menu.api_tokens',
      accessibleLabel: 'caredesk.files.tokens.title_files',
      icon: VpnKeyIcon,
      group: 'caredesk.files.menu.filebucket',
    },
  ],
};

export default apiTokens;
