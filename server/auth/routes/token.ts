import { parseAuthorization } from '../credentials';
import { problems } from '../../shared/schemas';
import { NoQuery, TokenPair } from '../schemas';
import { refreshSession, signInWithPassword } from '../sessions';
import { TAGS, type AuthApp, type RouteContext } from './context';

export function tokenRoutes(app: AuthApp, context: RouteContext) {
  app.post(
    '/token/',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign in, or exchange a refresh token',
        description:
          '`Authorization: Basic base64(username:password)` signs in; `Authorization: Bearer <refresh_token>` exchanges a refresh token ' +
          'for a new pair (the presented one is consumed; presenting a consumed one ends its whole session family). ' +
          'Too many failed sign-ins for a username or an address answer 429 with Retry-After.',
        security: [{ basic: [] }, { bearer: [] }],
        querystring: NoQuery,
        response: { 200: TokenPair, ...problems(400, 401, 429) },
      },
    },
    async (request) => {
      const credentials = parseAuthorization(request.headers.authorization);
      if (credentials.scheme === 'bearer') return refreshSession(context, credentials.token);
      return signInWithPassword(context, { username: credentials.username, password: credentials.password, address: request.ip });
    },
  );
}
