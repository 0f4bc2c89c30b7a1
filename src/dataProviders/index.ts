import { combineDataProviders, type DataProvider } from 'react-admin';
import type { RuntimeConfig } from '../config';
import { API_TOKEN_RESOURCES, createApiTokensProvider } from './apiTokens';
import { AUDIT_RESOURCE, createAuditProvider } from './audit';
import { createCareRequestProviders } from './careRequests';
import { createFilesProvider, FILES_RESOURCE } from './files';
import type { HttpClient } from './httpClient';
import { createMailProviders } from './mail';
import { createRolesProvider, ROLES_RESOURCE } from './roles';
import { createStatisticsProvider, STATISTICS_RESOURCE } from './statistics';
import { createUsersProvider, USERS_RESOURCE } from './users';

/** Every react-admin resource of the panel and its provider. A new entity adds one line here. */
export function resourceProviders(config: RuntimeConfig, httpClient: HttpClient) {
  return {
    [USERS_RESOURCE]: createUsersProvider(config.authUrl, httpClient),
    [ROLES_RESOURCE]: createRolesProvider(config.authUrl, httpClient),
    ...createCareRequestProviders(config.careUrl, config.intakeUrl, httpClient),
    [FILES_RESOURCE]: createFilesProvider(config.filesUrl, httpClient),
    [API_TOKEN_RESOURCES.files]: createApiTokensProvider(config.filesUrl, httpClient),
    [API_TOKEN_RESOURCES.pricing]: createApiTokensProvider(config.pricingUrl, httpClient),
    ...createMailProviders(config.mailUrl, httpClient),
    [AUDIT_RESOURCE]: createAuditProvider(config.auditUrl, httpClient),
    [STATISTICS_RESOURCE]: createStatisticsProvider(config, httpClient),
  };
}

type Providers = ReturnType<typeof resourceProviders>;

/** The name of a resource the composite provider knows. */
export type ResourceName = keyof Providers;

type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** The composite provider: react-admin's methods plus every resource provider's own methods (dataProvider.banUsers(…)). */
export type CaredeskDataProvider = Intersection<Providers[ResourceName]>;

/** One small provider per resource, combined by resource name. */
export function createDataProvider(config: RuntimeConfig, httpClient: HttpClient): CaredeskDataProvider {
  const providers: Record<string, DataProvider> = resourceProviders(config, httpClient);
  return combineDataProviders((resource) => {
    if (!Object.hasOwn(providers, resource)) throw new Error(`Unknown resource: ${resource}`);
    return providers[resource];
  }) as CaredeskDataProvider;
}
