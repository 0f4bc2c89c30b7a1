import VpnKeyIcon from '@mui/icons-material/VpnKey';
import { lazy } from 'react';

/** The API access token screens (routes /filebucket/api-keys/ and /pricing/api-keys/), loaded on demand. */
const apiTokens = {
  filebucket: lazy(() => import('./FilebucketApiKeys')),
  pricing: lazy(() => import('./PricingApiKeys')),
  icon: VpnKeyIcon,
};

export default apiTokens;
export { ApiTokenList } from './ApiTokenList';
