import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import type { ServiceOptions } from '../shared/service';
import { accessTokenKey } from '../authentication/access-tokens';
import type { UserChanges } from '../authentication';
import { usePasswordHashCost } from './passwords';
import { authRoutes } from './routes';
import { createThrottledAudit } from './throttled-audit';
import { accountSecurityRoutes } from './security-routes';
import { factorKeysOf } from './second-factors/context';
import { secondFactorRoutes } from './second-factors/administration-routes';
import { relyingPartyOf } from './second-factors/webauthn';
import { oidcSignIn, passwordRefusalOf } from './oidc';

export { ensureFirstAdministrator } from './first-administrator';
export { signInStateJob } from './housekeeping';

interface AuthServiceOptions extends ServiceOptions {
  /** How its writers announce changes of users and roles to the authentication's caches. */
  userChanges: UserChanges;
  config: Config;
  masterSecret: Buffer;
}

/** The auth service: sign-in, sessions and user administration (mounted at /api/auth). */
export const authService: FastifyPluginAsyncTypebox<AuthServiceOptions> = async (
  app,
  { config, db, masterSecret, userChanges },
) => {
  usePasswordHashCost(config.passwordHashCost);
  const throttledAudit = createThrottledAudit(db, config.throttle.refusalEventSeconds * 1000, app.log);
  app.addHook('onClose', () => throttledAudit.flush());
  const context = {
    db,
    throttledAudit,
    accessKey: accessTokenKey(masterSecret),
    accessPolicy: config.trust.accessPolicy,
    changes: userChanges,
    settings: {
      accessTokenTtlSeconds: config.accessTokenTtlSeconds,
      refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
      throttle: config.throttle,
      secondFactorGraceDays: config.secondFactorGraceDays,
      provider: passwordRefusalOf(config),
    },
    relyingParty: relyingPartyOf(config.care.panelUrl),
  };
  authRoutes(app, context);
  secondFactorRoutes(app, { ...context, keys: factorKeysOf(masterSecret) });
  accountSecurityRoutes(app, db, userChanges);
  oidcSignIn(app, context, { config, masterSecret });
};
