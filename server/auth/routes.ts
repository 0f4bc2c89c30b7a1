import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { auditContextOf } from '../shared/audit';
import { NoQuery, problems } from '../../contracts/common';
import type { UserChanges } from '../authentication/cache';
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
  type Administrator,
} from './administration';
import { parseAuthorization } from '../authentication/credentials';
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
  PanelUserList,
  PanelUserPage,
  PasswordAuthenticationBody,
  Revoked,
  RoleParams,
  RolePolicy,
  RolePolicyBody,
  TokenPair,
  UidParams,
  UidsBody,
  Unbanned,
  UserListQuery,
  UserStatistics,
} from '../../contracts/auth';
import { changeRolePolicy, listRolePolicies } from './roles';
import { exchangeRefreshToken, signInWithPassword, type SignInContext } from './sign-in';
import { isPagedRequest, panelUserSearcher, readUserSearch } from './user-search';
import { userStatistics } from './statistics';
import { findUsername, listPanelUsers } from './users';

const TAGS = ['auth'];

/** The OpenAPI part of a route for signed-in users. */
const signedIn = (summary: string, description?: string) => ({ tags: TAGS, summary, security: BEARER, querystring: NoQuery, ...(description ? { description } : {}) });

export function authRoutes(app: ServiceApp, context: SignInContext & { accessPolicy: 'roles' | 'open'; changes: UserChanges }) {
  const { db, accessPolicy, changes } = context;
  const by = ({ user }: FastifyRequest): Administrator => ({ uid: user.uid, permissions: user.permissions, accessPolicy });
  const searchPanelUsers = panelUserSearcher(db);

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

  app.post(
    '/administration/users/',
    {
      config: { permission: 'users:manage' },
      schema: {
        ...signedIn(
          'Create a user with a password',
          'The username must be unique regardless of case (409 `/problems/username-taken`); the password may not be among the 10,000 most ' +
            'common (400 `/problems/common-password`). Each role granted needs every permission it grants (403). Answers 201 with the user. ' +
            'Audited as `user.create`.',
        ),
        body: CreateUserBody,
        response: { 201: PanelUser, ...problems(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const user = await createUser(db, request.body, by(request), auditContextOf(request));
      reply.code(201);
      return user;
    },
  );

  app.get(
    '/administration/users/',
    {
      config: { permission: 'users:read' },
      schema: {
        ...signedIn(
          'All users sorted by public name, or a page of them',
          'Without query parameters: every user as an array, sorted by public name, as the specification says. With any parameter of the ' +
            'paged dialect (page, page_size, sort_by, ordering, query, filters, exact_total): a page. sort_by `public_name` (the default) or ' +
            '`username`, both regardless of case, `last_sign_in` (users never signed in come last ascending, first descending) or `uid`; ' +
            'ordering `asc` by default here; the uid breaks ties. A bad `filters` is 400 `/problems/invalid-filters`. Without query or ' +
            'filters the total is every user, exact.',
        ),
        querystring: UserListQuery,
        response: { 200: Type.Union([PanelUserPage, PanelUserList]), ...problems(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // each form has its own serializer: the union's would first check the answer against both schemas
      if (!isPagedRequest(request.query)) {
        const all = await listPanelUsers(db);
        reply.serializer(reply.compileSerializationSchema(PanelUserList));
        return all;
      }
      const page = await searchPanelUsers(readUserSearch(request.query));
      reply.serializer(reply.compileSerializationSchema(PanelUserPage));
      return page;
    },
  );

  app.get(
    '/administration/users/:uid/',
    {
      config: { permission: 'users:read' },
      schema: { ...signedIn('One user', '404 `/problems/user-not-found` when no user has the uid.'), params: UidParams, response: { 200: PanelUser, ...problems(400, 401, 404) } },
    },
    async (request) => panelUser(db, request.params.uid),
  );

  app.put(
    '/administration/users/:uid/domain-user/',
    {
      config: { permission: 'users:manage' },
      schema: {
        ...signedIn(
          "Change a user's public name and roles",
          'Takes the domain_user as GET returns it: the body uid must equal the path uid and `banned` (optional) the stored state, else ' +
            '400 `/problems/read-only-field`; `locked` and `last_sign_in` are accepted and ignored. Each role granted or removed needs every ' +
            "permission it grants, and the user's permissions must be a subset of the caller's (403). A role change that would leave no " +
            'unbanned user holding roles:manage is 409 `/problems/last-roles-manager`. Applies from the user\'s next request. Audited as ' +
            '`user.update` with the changed fields.',
        ),
        params: UidParams,
        body: DomainUserBody,
        response: { 200: DomainUser, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => changeDomainUser(db, changes, request.params.uid, request.body, by(request), auditContextOf(request)),
  );

  app.put(
    '/administration/users/:uid/password-authentication/',
    {
      config: { permission: 'users:manage' },
      schema: {
        ...signedIn(
          "Change a user's username, and password when given",
          'Takes the method as GET returns it ({type, username}; `type` must be `password`) plus an optional password: left out, the ' +
            'password stays, but a user who has none yet needs one for a username change (400 `/problems/password-required`). A new password ' +
            'may not be among the 10,000 most common (400 `/problems/common-password`); a taken username is 409 `/problems/username-taken`. ' +
            "Ends every session of the user. Only for users whose permissions are a subset of the caller's (403). Audited as `user.password-set`.",
        ),
        params: UidParams,
        body: PasswordAuthenticationBody,
        response: { 200: PanelUser, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => changePasswordAuthentication(db, changes, request.params.uid, request.body, by(request), auditContextOf(request)),
  );

  app.post(
    '/administration/revoke-refresh-tokens/',
    {
      config: { permission: 'users:manage' },
      schema: {
        ...signedIn(
          "Revoke users' refresh tokens",
          'Revokes every refresh token of the users and ends their sessions; their access tokens stay valid until they expire ' +
            '(ACCESS_TOKEN_TTL). Answers how many tokens were revoked. An unknown uid is 404 `/problems/user-not-found` naming `uids`, and ' +
            "nothing changes. Only for users whose permissions are a subset of the caller's (403). One `user.revoke-refresh-tokens` event per user.",
        ),
        body: UidsBody,
        response: { 200: Revoked, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => revokeRefreshTokens(db, changes, request.body.uids, by(request), auditContextOf(request)),
  );

  app.post(
    '/administration/ban-users/',
    {
      config: { permission: 'users:manage' },
      schema: {
        ...signedIn(
          'Ban users',
          'Revokes their refresh tokens; their access tokens are refused from their next request on, on every process. Banning yourself ' +
            'is 400 `/problems/self-ban`; a ban that would leave no unbanned user holding roles:manage is 409 `/problems/last-roles-manager`; ' +
            "an unknown uid is 404 `/problems/user-not-found` naming `uids`; nothing changes then. Only for users whose permissions are a " +
            "subset of the caller's (403). One `user.ban` event per user.",
        ),
        body: UidsBody,
        response: { 200: Banned, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => banUsers(db, changes, request.body.uids, by(request), auditContextOf(request)),
  );

  app.post(
    '/administration/unban-users/',
    {
      config: { permission: 'users:manage' },
      schema: {
        ...signedIn(
          'Lift the ban of users',
          "An unknown uid is 404 `/problems/user-not-found` naming `uids`, and nothing changes. Only for users whose permissions are a subset of the caller's (403). One `user.unban` event per user.",
        ),
        body: UidsBody,
        response: { 200: Unbanned, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => unbanUsers(db, changes, request.body.uids, by(request), auditContextOf(request)),
  );

  app.get(
    '/administration/roles/',
    {
      config: { permission: 'users:read' },
      schema: {
        ...signedIn(
          'The role policy: every role with a policy and every role in use, sorted',
          'Every role with a policy and every role some user has (with `permissions: []` when it has no policy), sorted by role.',
        ),
        response: { 200: Type.Array(RolePolicy), ...problems(401, 403) },
      },
    },
    async () => listRolePolicies(db),
  );

  app.put(
    '/administration/roles/:role/',
    {
      config: { permission: 'roles:manage' },
      schema: {
        ...signedIn(
          "Set a role's permissions",
          '`role` in the body is read-only and repeats the path. Answers the permissions in the order of the permission list, duplicates ' +
            'dropped; an unknown permission is 400 naming `permissions`. Adding or removing a permission needs it (403); a change that would ' +
            'leave no unbanned user holding roles:manage is 409 `/problems/last-roles-manager`. Applies from each user\'s next request, on ' +
            'every process. Audited as `role.update`.',
        ),
        params: RoleParams,
        body: RolePolicyBody,
        response: { 200: RolePolicy, ...problems(400, 401, 403, 409) },
      },
    },
    async (request) =>
      changeRolePolicy(db, request.params.role, request.body, { actor: request.user, changes, accessPolicy, audit: auditContextOf(request) }),
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
}
