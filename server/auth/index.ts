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
import { linkSettingsOf, oidcSignIn, passwordRefusalOf } from './oidc';

export { ensureFirstAdministrator } from './first-administrator';
export { signInStateJob } from './housekeeping';

interface AuthServiceOptions extends ServiceOptions {
  /** How its writers announce changes of users and roles to the authentication's caches. */
  userChanges: UserChanges;
  config: Config;
  masterSecret: Buffer;
}

/** The auth service: sign-in, sessions and user administration (mounted at /api/auth). */
export const authService = synchronousPlugin<AuthServiceOptions>((app, { config, db, masterSecret, userChanges }) => {
  usePasswordHashCost(config.passwordHashCost);
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
  oidcSignIn(app, context, { config, masterSecret });
});
