import { assertSessionAllows } from '../authentication/route-rules';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { auditContextOf } from '../shared/audit';
import { problems } from '../../contracts/common';
import { createOnce } from '../shared/idempotency';
import type { ServiceApp } from '../shared/service';
import {
  banUsers,
  changeDomainUser,
  changePasswordAuthentication,
  createUser,
  panelUser,
  revokeRefreshTokens,
  unbanUsers,
  type Administrator,
} from './administration';
import {
  Banned,
  CreateUserBody,
  DomainUser,
  DomainUserBody,
  PanelUser,
  PanelUserList,
  PanelUserPage,
  PasswordAuthenticationBody,
  Revoked,
  UidParams,
  UidsBody,
  Unbanned,
  UserListQuery,
} from '../../contracts/auth';
import { isPagedRequest, panelUserSearcher, readUserSearch } from './user-search';
import { listPanelUsers } from './users';
import { signedIn, type AdministrationContext } from './route-parts';
import { unlinkProvider } from './oidc/unlink';

/** The administration of users: create, list, read, change, set passwords, revoke sessions, ban and unban, unlink from the provider. */
export function userAdministrationRoutes(
  app: ServiceApp,
  { db, accessPolicy, changes, provider }: AdministrationContext,
) {
  const by = ({ user }: FastifyRequest): Administrator => ({
    uid: user.uid,
    permissions: user.permissions,
    accessPolicy,
  });
  const searchPanelUsers = panelUserSearcher(db, provider);
  app.post(
    '/administration/users/',
    {
      config: { permission: 'users:manage', idempotent: true },
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
    async (request, reply) =>
      createOnce(request, reply, db, {
        effect: (keyed) => createUser(keyed, request.body, by(request), auditContextOf(request), provider),
        answer: (user) => ({ status: 201, body: user }),
      }),
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
            'filters the total is every user, exact. Each user says how they sign in (`sign_in`: `oidc` when linked to the configured ' +
            'OpenID Connect provider, else `password`; the filter `sign_in` picks either) with the link (`provider_link`).',
        ),
        querystring: UserListQuery,
        response: { 200: Type.Union([PanelUserPage, PanelUserList]), ...problems(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // each form has its own serializer: the union's would first check the answer against both schemas
      if (!isPagedRequest(request.query)) {
        const all = await listPanelUsers(db, provider);
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
      schema: {
        ...signedIn('One user', '404 `/problems/user-not-found` when no user has the uid.'),
        params: UidParams,
        response: { 200: PanelUser, ...problems(400, 401, 404) },
      },
    },
    async (request) => panelUser(db, request.params.uid, provider),
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
            'unbanned user holding roles:manage is 409 `/problems/last-roles-manager`; one of a user whose roles the provider sets ' +
            "(`provider_link.roles_managed`) is 409 `/problems/roles-managed-by-provider`. Applies from the user's next request. " +
            'Audited as `user.update` with the changed fields.',
        ),
        params: UidParams,
        body: DomainUserBody,
        response: { 200: DomainUser, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      changeDomainUser(db, changes, request.params.uid, request.body, by(request), auditContextOf(request), provider),
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
            'Setting a password needs an authentication within 5 minutes (401 `/problems/reauthentication-required`) and ends every session ' +
            "of the user, their access tokens at once. Only for users whose permissions are a subset of the caller's (403). Audited as `user.password-set`.",
        ),
        params: UidParams,
        body: PasswordAuthenticationBody,
        response: { 200: PanelUser, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      if (request.body.password !== undefined) assertSessionAllows({ recentAuthentication: true }, request.user);
      return changePasswordAuthentication(
        db,
        changes,
        request.params.uid,
        request.body,
        by(request),
        auditContextOf(request),
        provider,
      );
    },
  );

  app.delete(
    '/administration/users/:uid/oidc-link/',
    {
      config: { permission: 'users:manage' },
      schema: {
        ...signedIn(
          'Unlink a user from the OpenID Connect provider',
          'Removes the link to the configured provider and ends at once every session that came from it (also a sign-in waiting for ' +
            "the panel or its second step). A password from before the link is replaced by one nobody knows (the first administrator's " +
            'stays): the user signs in again with a password an administrator sets, or at the provider, whose next sign-in links them ' +
            'anew by email or username. 404 `/problems/user-not-found`, or `/problems/provider-link-not-found` when the user is not ' +
            "linked; unlinking yourself is 400 `/problems/self-unlink`. Only for users whose permissions are a subset of the caller's " +
            '(403). Audited as `user.provider-unlink` (`issuer`, `subject`, `sessions_ended`, `password: retired`). Answers the user.',
        ),
        params: UidParams,
        response: { 200: PanelUser, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await unlinkProvider(db, changes, request.params.uid, provider, by(request), auditContextOf(request));
      return panelUser(db, request.params.uid, provider);
    },
  );

  app.post(
    '/administration/revoke-refresh-tokens/',
    {
      config: { permission: 'users:manage' },
      schema: {
        ...signedIn(
          "Revoke users' refresh tokens",
          'Revokes every refresh token of the users and ends their sessions; their access tokens are refused from the next request on, ' +
            'in every process. Answers how many tokens were revoked. An unknown uid is 404 `/problems/user-not-found` naming `uids`, and ' +
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
            'an unknown uid is 404 `/problems/user-not-found` naming `uids`; nothing changes then. Only for users whose permissions are a ' +
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
}
