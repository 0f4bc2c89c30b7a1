import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import type { Db } from '../db';
import { createAuthenticator } from './authenticator';
import { administrationRoutes } from './routes/administration';
import { ownAccountRoutes } from './routes/own-account';
import { tokenRoutes } from './routes/token';
import type { RouteContext } from './routes/context';
import { accessTokenKey } from './tokens';
import { strictValidatorCompiler } from '../shared/validator';

export { createAuthenticator, type AuthenticatedUser, type Authenticator } from './authenticator';
export { ensureFirstAdministrator } from './first-administrator';

export interface AuthServiceOptions {
  config: Config;
  db: Db;
  masterSecret: Buffer;
}

/** The auth service: sign-in, sessions and user administration (mounted at /api/auth). */
export const authService: FastifyPluginAsyncTypebox<AuthServiceOptions> = async (app, { config, db, masterSecret }) => {
  app.setValidatorCompiler(strictValidatorCompiler);
  const context: RouteContext = {
    db,
    accessKey: accessTokenKey(masterSecret),
    authenticate: createAuthenticator(db, masterSecret),
    settings: {
      accessTokenTtlSeconds: config.accessTokenTtlSeconds,
      refreshTokenTtlSeconds: config.refreshTokenTtlSeconds,
      maxFailures: config.signInMaxFailures,
      windowSeconds: config.signInWindowSeconds,
    },
  };
  tokenRoutes(app, context);
  ownAccountRoutes(app, context);
  administrationRoutes(app, context);
};
