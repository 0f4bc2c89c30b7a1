import { Type } from '@sinclair/typebox';
import { auditContextOf } from '../shared/audit';
import { NoQuery, problems } from '../shared/schemas';
import { BEARER, type ServiceApp } from '../shared/service';
import {
  banUsers,
  changeDomainUser,
  changeOwnPasswordAuthentication,
  changePasswordAuthentication,
  createUser,
  panelUser,
  revokeRefreshTokens,
  unbanUsers,
} from './administration';
import { parseAuthorization } from './credentials';
import {
  Banned,
  CreateUserBody,
  DomainUser,
  DomainUserBody,
  Info,
  InfoQuery,
  OwnPasswordAuthentication,
  OwnPasswordAuthenticationBody,
  PanelUser,
  PasswordAuthenticationBody,
  Revoked,
  TokenPair,
  UidParams,
  UidsBody,
  Unbanned,
} from './schemas';
import { exchangeRefreshToken, signInWithPassword, type SignInContext } from './sign-in';
import { findUsername, listPanelUsers } from './users';

const TAGS = ['auth'];

/** The OpenAPI part of a route for signed-in users. */
const signedIn = (summary: string, description?: string) => ({ tags: TAGS, summary, security: BEARER, querystring: NoQuery, ...(description ? { description } : {}) });

export function authRoutes(app: ServiceApp, context: SignInContext) {
  const { db } = context;

  app.post(
    '/token/',
    {
      config: { auth: 'public' },
      schema: {
        tags: TAGS,
        summary: 'Sign in, or exchange a refresh token',
        description:
          '`Authorization: Basic base64(username:password)` signs in; `Authorization: Bearer <refresh_token>` exchanges a refresh token ' +
          'for a new pair (the presented one is consumed; presenting a consumed one ends its whole session family). ' +
          'Too many failed sign-ins (per username and address, per address, per username) answer 429 with Retry-After.',
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
      schema: {
        ...signedIn('The signed-in user', 'With `extended=true` also the username of the password authentication (null when there is none).'),
        querystring: InfoQuery,
        response: { 200: Info, ...problems(400, 401) },
      },
    },
    async (request) => {
      const { uid, publicName, roles } = request.user;
      const info = { uid, public_name: publicName, roles };
      if (!request.query.extended) return info;
      return { ...info, authentication: { username: await findUsername(db, uid) } };
    },
  );

  app.put(
    '/update-password-authentication/',
    {
      schema: {
        ...signedIn("Change the signed-in user's username and password"),
        body: OwnPasswordAuthenticationBody,
        response: { 200: OwnPasswordAuthentication, ...problems(400, 401, 409) },
      },
    },
    async (request) => changeOwnPasswordAuthentication(db, request.user.uid, request.body.username, request.body.password, auditContextOf(request), request.user.sessionFamily),
  );

  app.post(
    '/administration/users/',
    { schema: { ...signedIn('Create a user with a password'), body: CreateUserBody, response: { 201: PanelUser, ...problems(400, 401, 409) } } },
    async (request, reply) => {
      const user = await createUser(db, request.body, auditContextOf(request));
      reply.code(201);
      return user;
    },
  );

  app.get(
    '/administration/users/',
    { schema: { ...signedIn('All users, sorted by public name'), response: { 200: Type.Array(PanelUser), ...problems(400, 401) } } },
    async () => listPanelUsers(db),
  );

  app.get(
    '/administration/users/:uid/',
    { schema: { ...signedIn('One user'), params: UidParams, response: { 200: PanelUser, ...problems(400, 401, 404) } } },
    async (request) => panelUser(db, request.params.uid),
  );

  app.put(
    '/administration/users/:uid/domain-user/',
    {
      schema: {
        ...signedIn(
          "Change a user's public name and roles",
          'Takes the domain_user as GET returns it: the body uid must equal the path uid, and banned (optional) the stored state.',
        ),
        params: UidParams,
        body: DomainUserBody,
        response: { 200: DomainUser, ...problems(400, 401, 404) },
      },
    },
    async (request) => changeDomainUser(db, request.params.uid, request.body, auditContextOf(request)),
  );

  app.put(
    '/administration/users/:uid/password-authentication/',
    {
      schema: {
        ...signedIn("Change a user's username, and password when given", 'Takes the method as GET returns it ({type, username}) plus an optional password.'),
        params: UidParams,
        body: PasswordAuthenticationBody,
        response: { 200: PanelUser, ...problems(400, 401, 404, 409) },
      },
    },
    async (request) => changePasswordAuthentication(db, request.params.uid, request.body, auditContextOf(request)),
  );

  app.post(
    '/administration/revoke-refresh-tokens/',
    {
      schema: {
        ...signedIn("Revoke users' refresh tokens", 'Their access tokens stay valid until they expire.'),
        body: UidsBody,
        response: { 200: Revoked, ...problems(400, 401, 404) },
      },
    },
    async (request) => revokeRefreshTokens(db, request.body.uids, auditContextOf(request)),
  );

  app.post(
    '/administration/ban-users/',
    {
      schema: {
        ...signedIn('Ban users', 'Revokes their refresh tokens; their access tokens are refused from their next request on. You cannot ban yourself.'),
        body: UidsBody,
        response: { 200: Banned, ...problems(400, 401, 404) },
      },
    },
    async (request) => banUsers(db, request.body.uids, request.user.uid, auditContextOf(request)),
  );

  app.post(
    '/administration/unban-users/',
    { schema: { ...signedIn('Lift the ban of users'), body: UidsBody, response: { 200: Unbanned, ...problems(400, 401, 404) } } },
    async (request) => unbanUsers(db, request.body.uids, auditContextOf(request)),
  );
}
