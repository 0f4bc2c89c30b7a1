import type { Config } from '../config';
import { synchronousPlugin, type ServiceOptions } from '../shared/service';
import { accessTokenKey } from '../authentication/access-tokens';
import type { UserChanges } from '../authentication';
import { usePasswordHashCost } from './passwords';
import { authRoutes } from './routes';
import { userAdministrationRoutes } from './administration-routes';
import { roleRoutes } from './role-routes';
import { accountSecurityRoutes } from './security-routes';
import { createThrottledAudit } from './throttled-audit';
import {
  factorAdministrationRoutes,
  factorKeysOf,
  ownFactorRoutes,
  relyingPartyOf,
  secondFactorSignInRoutes,
} from './second-factors';
import { linkSettingsOf, oidcRoutes, passwordRefusalOf, providerOf } from './oidc';

export { ensureFirstAdministrator } from './first-administrator';
export { signInStateJob } from './housekeeping';

interface AuthServiceOptions extends ServiceOptions {
  /** How its writers announce changes of users and roles to the authentication's caches. */
  userChanges: UserChanges;
  config: Config;
  masterSecret: Buffer;
  /** The clock of the OpenID Connect provider's word on its sessions (tests move it). */
  now?: () => number;
}

/** The auth service: sign-in, sessions and user administration (mounted at /api/auth). */
export const authService = synchronousPlugin<AuthServiceOptions>((app, options) => {
  const { config, db, masterSecret, userChanges, now = Date.now } = options;
  usePasswordHashCost(config.passwordHashCost);
  const provider = providerOf({ config, masterSecret, log: app.log, changes: userChanges, now });
  const throttledAudit = createThrottledAudit(db, config.throttle.refusalEventSeconds * 1000, app.log);
  app.addHook('onClose', () => throttledAudit.flush());
  const context = {
    db,
    throttledAudit,
    accessKey: accessTokenKey(masterSecret),
    accessPolicy: config.trust.accessPolicy,
    changes: userChanges,
    provider: linkSettingsOf(config),
    settings: {
      accessTokenTtlSeconds: config.accessTokenTtlSeconds,
      refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
      throttle: config.throttle,
      secondFactorGraceDays: config.secondFactorGraceDays,
      provider: passwordRefusalOf(config),
    },
    providerSessions: provider.sessions,
    relyingParty: relyingPartyOf(config.care.panelUrl),
  };
  const factorContext = { ...context, keys: factorKeysOf(masterSecret) };
  authRoutes(app, context);
  userAdministrationRoutes(app, context);
  roleRoutes(app, context);
  secondFactorSignInRoutes(app, factorContext);
  ownFactorRoutes(app, factorContext);
  factorAdministrationRoutes(app, factorContext);
  accountSecurityRoutes(app, db, userChanges);
  oidcRoutes(app, context, provider.routes);
});
