export { accessTokenAdministration, type AccessTokenAdministrationOptions } from './routes';
export { createApiTokenAuthenticator, createServiceAuthenticator, type ApiCaller } from './authenticate';
export { hashTokenValue, toApiToken } from './repository';
export { TokenInfo, type TokenScope } from './schemas';
