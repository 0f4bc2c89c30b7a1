import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { auditContextOf } from '../shared/audit';
import { NoQuery, problems } from '../../contracts/common';
import type { UserChanges } from '../shared/auth-cache';
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
      config: { permission: 'signed-in' },
      schema: {
        ...signedIn('The signed-in user', 'With `extended=true` also the username of the password authentication (null when there is none).'),
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
        ...signedIn("Change the signed-in user's username and password"),
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
        ...signedIn('Create a user with a password', 'Each role granted needs every permission it grants.'),
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
          'Without query parameters: every user as an array, sorted by public name. With any parameter of the paged dialect ' +
            '(page, page_size, sort_by, ordering, query, filters, exact_total): a page, sorted by public name ascending unless said otherwise.',
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
    { config: { permission: 'users:read' }, schema: { ...signedIn('One user'), params: UidParams, response: { 200: PanelUser, ...problems(400, 401, 404) } } },
    async (request) => panelUser(db, request.params.uid),
  );

  app.put(
    '/administration/users/:uid/domain-user/',
    {
      config: { permission: 'users:manage' },
      schema: {
        ...signedIn(
          "Change a user's public name and roles",
          'Takes the domain_user as GET returns it: the body uid must equal the path uid, and banned (optional) the stored state. ' +
            'Each role granted or removed needs every permission it grants.',
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
        ...signedIn("Change a user's username, and password when given", 'Takes the method as GET returns it ({type, username}) plus an optional password.'),
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
        ...signedIn("Revoke users' refresh tokens", 'Their access tokens stay valid until they expire.'),
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
        ...signedIn('Ban users', 'Revokes their refresh tokens; their access tokens are refused from their next request on. You cannot ban yourself.'),
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
      schema: { ...signedIn('Lift the ban of users'), body: UidsBody, response: { 200: Unbanned, ...problems(400, 401, 403, 404) } },
    },
    async (request) => unbanUsers(db, changes, request.body.uids, by(request), auditContextOf(request)),
  );

  app.get(
    '/administration/roles/',
    {
      config: { permission: 'users:read' },
      schema: { ...signedIn('The role policy: every role with a policy and every role in use, sorted'), response: { 200: Type.Array(RolePolicy), ...problems(401, 403) } },
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
          'Adding or removing a permission needs it; a change that would leave no unbanned user holding roles:manage answers 409.',
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
    { config: { permission: 'users:read' }, schema: { ...signedIn('The dashboard figure: locked-out users'), response: { 200: UserStatistics, ...problems(401, 403) } } },
    async () => userStatistics(db),
  );
}
