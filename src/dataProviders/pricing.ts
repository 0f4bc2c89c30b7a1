import type { DataProvider } from 'react-admin';
import { type AccessTokenMethods, createAccessTokensDataProvider } from './accessTokens';
import type { HttpClient } from './httpClient';

/** Resource name of the pricing service's access tokens. */
export const PRICING_TOKENS_RESOURCE = 'pricing-tokens';

/** The pricing service's routes the panel uses: the access-token administration (base = config pricingUrl). */
export function createPricingTokensDataProvider(pricingUrl: string, httpClient: HttpClient): DataProvider & AccessTokenMethods {
  return createAccessTokensDataProvider(() => pricingUrl, httpClient);
}
