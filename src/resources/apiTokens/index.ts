import VpnKeyIcon from '@mui/icons-material/VpnKey';
import { lazy } from 'react';
import { API_TOKEN_RESOURCES } from '../../dataProviders/apiTokens';
import type { PanelArea } from '../../registry/types';
import { FILES_PATH, PRICING_PATH } from './paths';

const permission = 'tokens:manage';
const label = 'caredesk.files.menu.api_tokens';

/**
 * The API access tokens of the file service (Filebucket > API Access Tokens) and of the pricing service (Pricing > API
 * Access Tokens), loaded on demand. The two drawer entries share their label and are told apart by their accessible
 * names, the screens' titles. The dashboard card counts the tokens of both that expire soon.
 */
const apiTokens: PanelArea = {
  resources: [
    {
      name: API_TOKEN_RESOURCES.files,
      permission,
      icon: VpnKeyIcon,
      screens: [
        {
          path: FILES_PATH,
          component: lazy(() => import('./FileApiTokens')),
          menu: {
            label,
            accessibleLabel: 'caredesk.files.tokens.title_files',
            group: 'caredesk.files.menu.filebucket',
          },
        },
      ],
    },
    {
      name: API_TOKEN_RESOURCES.pricing,
      permission,
      icon: VpnKeyIcon,
      screens: [
        {
          path: PRICING_PATH,
          component: lazy(() => import('./PricingApiTokens')),
          menu: { label, accessibleLabel: 'caredesk.files.tokens.title_pricing', group: 'caredesk.files.menu.pricing' },
        },
      ],
    },
  ],
  figures: { component: lazy(() => import('./TokenFigures')), order: 3 },
};

export default apiTokens;
