import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import type { ServiceOptions } from '../shared/service';
import { strictValidatorCompiler } from '../shared/validator';
import { accessTokenKey } from './access-tokens';
import { usePasswordHashCost } from './passwords';
import { authRoutes } from './routes';
import { createThrottledAudit } from './throttled-audit';
import { accountSecurityRoutes } from './security-routes';

export { ensureFirstAdministrator } from './first-administrator';
export { signInStateJob } from './housekeeping';

interface AuthServiceOptions extends ServiceOptions {
  config: Config;
  masterSecret: Buffer;
}

/** The auth service: sign-in, sessions and user administration (mounted at /api/auth). */
export const authService: FastifyPluginAsyncTypebox<AuthServiceOptions> = async (app, { config, db, masterSecret, authentication }) => {
  usePasswordHashCost(config.passwordHashCost);
  app.setValidatorCompiler(strictValidatorCompiler);
  app.addHook('onRequest', authentication.hook());
  const throttledAudit = createThrottledAudit(db, config.throttle.refusalEventSeconds * 1000, app.log);
  app.addHook('onClose', () => throttledAudit.flush());
  authRoutes(app, {
    db,
    throttledAudit,
    accessKey: accessTokenKey(masterSecret),
    accessPolicy: config.trust.accessPolicy,
    changes: authentication.changes,
    settings: {
      accessTokenTtlSeconds: config.accessTokenTtlSeconds,
      refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
      throttle: config.throttle,
    },
  });
  accountSecurityRoutes(app, db, authentication.changes);
};
