import { combineDataProviders, type DataProvider } from 'react-admin';
import type { RuntimeConfig } from '../config';
import type { HttpClient } from './httpClient';
import { createUsersDataProvider, type UsersMethods } from './users';

/** The panel's composite data provider type: react-admin's methods plus each resource provider's own methods. */
export type CaredeskDataProvider = DataProvider & UsersMethods;

/**
 * One small provider per resource, combined by resource name. A later entity adds its provider here
 * (one more case) and its methods to CaredeskDataProvider.
 */
export function createDataProvider(config: RuntimeConfig, httpClient: HttpClient): CaredeskDataProvider {
  const users = createUsersDataProvider(config.authUrl, httpClient);
  return combineDataProviders((resource) => {
    switch (resource) {
      case 'users':
        return users;
      default:
        throw new Error(`Unknown resource: ${resource}`);
    }
  }) as CaredeskDataProvider;
}
