import type { Config } from '../../config';
import type { ServiceApp } from '../../shared/service';
import type { ProviderSignInContext } from './handoff';
import { connectToProvider } from './connection';
import { flowKeyOf } from './flow';
import type { LinkSettings } from './links';
import type { PasswordRefusalSettings } from './password-refusal';
import { refreshTokenKeyOf } from './provider-sessions';
import { oidcRoutes } from './routes';

/** Sign-in at the agency's OpenID Connect provider (OIDC_ISSUER): its routes under /oidc/, and discovery started, not awaited. */

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

export function oidcSignIn(
  app: ServiceApp,
  context: ProviderSignInContext,
  { config, masterSecret }: { config: Config; masterSecret: Buffer },
) {
  oidcRoutes(app, context, {
    provider: config.oidc && { settings: config.oidc, connection: connectToProvider(config.oidc, app.log) },
    panelUrl: config.care.panelUrl,
    keys: { flow: flowKeyOf(masterSecret), refreshToken: refreshTokenKeyOf(masterSecret) },
    accounts: { firstAdministrator: firstAdministratorOf(config) },
  });
}
