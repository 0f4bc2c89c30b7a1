import type { FastifyBaseLogger } from 'fastify';
import type { UserChanges } from '../../authentication';
import type { Config } from '../../config';
import { connectToProvider } from './connection';
import { flowKeyOf } from './flow';
import type { LinkSettings } from './links';
import type { PasswordRefusalSettings } from './password-refusal';
export { oidcRoutes } from './routes';
import { refreshTokenKeyOf } from './provider-sessions';
import type { OidcRoutesOptions } from './routes';
import { providerSessionChecks } from './session-checks';

/**
 * Sign-in at the agency's OpenID Connect provider (OIDC_ISSUER): discovery started, not awaited; the checks of its sessions at every
 * refresh; its routes under /oidc/.
 */

/** The first administrator's username: the account that keeps its password and roles whatever the provider says. */
const firstAdministratorOf = (config: Config) => config.adminUsername ?? 'admin';

/** What the password sign-in needs to know of the provider: whose password to refuse. */
export const passwordRefusalOf = (config: Config): PasswordRefusalSettings | undefined =>
  config.oidc && {
    issuer: config.oidc.issuer,
    name: config.oidc.name,
    firstAdministrator: firstAdministratorOf(config),
  };

/** What the user administration shows and guards of the users' links to the provider. */
export const linkSettingsOf = (config: Config): LinkSettings | undefined =>
  config.oidc && {
    issuer: config.oidc.issuer,
    name: config.oidc.name,
    firstAdministrator: firstAdministratorOf(config),
    managesRoles: config.oidc.roleMap.size > 0,
  };

interface ProviderOptions {
  config: Config;
  masterSecret: Buffer;
  log: FastifyBaseLogger;
  changes: UserChanges;
  /** The clock of the provider's word on its sessions. */
  now: () => number;
}

/** The provider as the auth service uses it: its routes' options, and the checks of its sessions that every refresh makes. */
export function providerOf({ config, masterSecret, log, changes, now }: ProviderOptions) {
  const provider = config.oidc && { settings: config.oidc, connection: connectToProvider(config.oidc, log) };
  const keys = { flow: flowKeyOf(masterSecret), refreshToken: refreshTokenKeyOf(masterSecret) };
  const accounts = { firstAdministrator: firstAdministratorOf(config) };
  const routes: OidcRoutesOptions = { provider, panelUrl: config.care.panelUrl, keys, accounts, now };
  const sessions = providerSessionChecks({ provider, refreshTokenKey: keys.refreshToken, accounts, changes, log, now });
  return { routes, sessions };
}
