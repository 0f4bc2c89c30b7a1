import { auditContextOf } from '../shared/audit';
import { NoQuery, problems } from '../../contracts/common';
import type { ServiceApp } from '../shared/service';
import { changeOwnPasswordAuthentication } from './administration';
import { parseAuthorization } from '../authentication/credentials';
import { Info, InfoQuery, OwnPasswordAuthentication, OwnPasswordAuthenticationBody, TokenPair, UserStatistics } from '../../contracts/auth';
import { exchangeRefreshToken, signInWithPassword, type SignInContext } from './sign-in';
import { userStatistics } from './statistics';
import { findUsername } from './users';
import { userAdministrationRoutes } from './administration-routes';
import { roleRoutes } from './role-routes';
import { signedIn, TAGS, type AdministrationContext } from './route-parts';

/** The auth service's routes: sign-in and refresh, the signed-in user's own data, the figures, and (in their own modules) the administration of users and roles. */
export function authRoutes(app: ServiceApp, context: SignInContext & AdministrationContext) {
  const { db, changes } = context;
  app.post(
    '/token/',
    {
      config: { auth: 'public' },
      schema: {
        tags: TAGS,
        summary: 'Sign in, or exchange a refresh token',
        description:
          '`Authorization: Basic base64(username:password)` signs in (the username regardless of case) and starts a session: a refresh-token ' +
          'family that records the client address and user agent. `Authorization: Bearer <refresh_token>` exchanges a refresh token for a ' +
          'fresh pair; the presented one is consumed. 401 `/problems/invalid-credentials`: a wrong username or password, or a banned user. ' +
          '401 `/problems/invalid-refresh-token`: a refresh token that is unknown, expired, revoked or of an ended session. ' +
          '401 `/problems/refresh-token-reused`: one already used, which revokes its whole family. 429 `/problems/too-many-sign-in-failures` ' +
          'with Retry-After while sign-in is throttled (per username and address, per address, per username; docs/api.md, Sign-in throttling): ' +
          'such an attempt is not counted and its password not checked. Every sign-in is audited (`sign-in.success`, `sign-in.failure`, ' +
          '`sign-in.throttled`), and so is a reused refresh token (`refresh-token.reuse`).',
        security: [{ basic: [] }, { bearer: [] }],
        querystring: NoQuery,
        response: { 200: TokenPair, ...problems(400, 401, 429) },
      },
    },
    async (request) => {
      const credentials = parseAuthorization(request.headers.authorization);
      const client = { address: request.ip, userAgent: request.headers['user-agent'] };
      if (credentials.scheme === 'bearer') return exchangeRefreshToken(context, credentials.token, client);
      return signInWithPassword(context, { username: credentials.username, password: credentials.password, ...client });
    },
  );

  app.get(
    '/info/',
    {
      config: { permission: 'signed-in' },
      schema: {
        ...signedIn(
          'The signed-in user',
          "`permissions` are the caller's effective permissions, in the order of the permission list. With `extended=true` also " +
            '`authentication.username`, the username of the password authentication (null when there is none). Any signed-in user may call it.',
        ),
        querystring: InfoQuery,
        response: { 200: Info, ...problems(400, 401) },
      },
    },
    async (request) => {
      const { uid, publicName, roles, permissions } = request.user;
      const info = { uid, public_name: publicName, roles, permissions };
      if (!request.query.extended) return info;
      return { ...info, authentication: { username: await findUsername(db, uid) } };
    },
  );

  app.put(
    '/update-password-authentication/',
    {
      config: { permission: 'signed-in' },
      schema: {
        ...signedIn(
          "Change the signed-in user's username and password",
          'The caller\'s own. The username must be unique regardless of case (409 `/problems/username-taken`); the password may not be ' +
            'among the 10,000 most common (400 `/problems/common-password`). Ends every other session of the user and keeps the one of the ' +
            'access token used. Any signed-in user may call it. Audited as `user.password-change`.',
        ),
        body: OwnPasswordAuthenticationBody,
        response: { 200: OwnPasswordAuthentication, ...problems(400, 401, 409) },
      },
    },
    async (request) => changeOwnPasswordAuthentication(db, changes, request.user.uid, request.body.username, request.body.password, auditContextOf(request), request.user.sessionFamily),
  );

  app.get(
    '/administration/statistics/',
    {
      config: { permission: 'users:read' },
      schema: {
        ...signedIn('The dashboard figure: locked-out users', 'Users whose sign-in is blocked now by throttling: the users the users list marks as locked.'),
        response: { 200: UserStatistics, ...problems(401, 403) },
      },
    },
    async () => userStatistics(db),
  );

  userAdministrationRoutes(app, context);
  roleRoutes(app, context);
}
