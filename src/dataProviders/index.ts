import { combineDataProviders, type DataProvider } from 'react-admin';
import type { RuntimeConfig } from '../config';
import type { HttpClient } from './httpClient';
import { createUsersDataProvider, type UsersMethods } from './users';
import { createCareDataProvider, isCareResource } from './care';
import { createMailDataProvider, isMailResource, type MailMethods } from './mail';
import { FILE_TOKENS_RESOURCE, FILES_RESOURCE, createFilesDataProvider, type FilesMethods } from './files';
import { createAccessTokensDataProvider, type AccessTokenMethods } from './accessTokens';
import { PRICING_TOKENS_RESOURCE, createPricingTokensDataProvider } from './pricing';

/** The panel's composite data provider type: react-admin's methods plus each resource provider's own methods. */
export type CaredeskDataProvider = DataProvider & UsersMethods & MailMethods & FilesMethods & AccessTokenMethods;

/**
 * One small provider per resource, combined by resource name. A later entity adds its provider here
 * (one more case) and its methods to CaredeskDataProvider.
 */
export function createDataProvider(config: RuntimeConfig, httpClient: HttpClient): CaredeskDataProvider {
  const users = createUsersDataProvider(config.authUrl, httpClient);
  const care = createCareDataProvider(config.careUrl, httpClient);
  const mail = createMailDataProvider(config.mailUrl, httpClient);
  const files = createFilesDataProvider(config.filesUrl, httpClient);
  const fileTokens = createAccessTokensDataProvider(() => config.filesUrl, httpClient);
  const pricingTokens = createPricingTokensDataProvider(config.pricingUrl, httpClient);
  return combineDataProviders((resource) => {
    switch (resource) {
      case 'users':
        return users;
      case FILES_RESOURCE:
        return files;
      case FILE_TOKENS_RESOURCE:
        return fileTokens;
      case PRICING_TOKENS_RESOURCE:
        return pricingTokens;
      default:
        if (isMailResource(resource)) return mail;
        if (isCareResource(resource)) return care;
        throw new Error(`Unknown resource: ${resource}`);
    }
  }) as CaredeskDataProvider;
}
