import { Type } from '@sinclair/typebox';
import type { Db } from '../../db';
import { badRequest, notFound, readOnlyMismatch } from '../../shared/problem';
import { assertReadOnly, assertSameUid } from '../../shared/read-only';
import { problems } from '../../shared/schemas';
import { hashPassword } from '../passwords';
import {
  Banned,
  CreateUserBody,
  DomainUser,
  DomainUserBody,
  NoQuery,
  PanelUser,
  PasswordAuthenticationBody,
  Revoked,
  UidParams,
  UidsBody,
  Unbanned,
} from '../schemas';
import { revokeRefreshTokensOf } from '../tokens';
import {
  distinct,
  findPanelUser,
  findUser,
  insertUser,
  listPanelUsers,
  setBanned,
  setPasswordAuthentication,
  toDomainUser,
  unknownUids,
  updateDomainUser,
} from '../users';
import { BEARER, rethrowTakenUsername, TAGS, type AuthApp, type RouteContext } from './context';

const userNotFound = () => notFound('No user has this uid.', 'uid', 'user-not-found');

/** Lower-case, without duplicates: how uids are compared and answered. */
const normalizeUids = (uids: string[]) => distinct(uids.map((uid) => uid.toLowerCase()));

async function assertAllKnown(db: Db, uids: string[]) {
  const unknown = await unknownUids(db, uids);
  if (unknown.length) throw notFound(`No user has the uid ${unknown.join(', ')}.`, 'uids', 'user-not-found');
}

export function administrationRoutes(app: AuthApp, { db, authenticate }: RouteContext) {
  const guarded = (summary: string, description?: string) => ({
    tags: TAGS,
    summary,
    security: BEARER,
    querystring: NoQuery,
    ...(description ? { description } : {}),
  });

  app.post(
    '/administration/users/',
    {
      onRequest: authenticate,
      schema: { ...guarded('Create a user with a password'), body: CreateUserBody, response: { 201: PanelUser, ...problems(400, 401, 409) } },
    },
    async (request, reply) => {
      const { username, password, public_name, roles } = request.body;
      const passwordHash = await hashPassword(password);
      const uid = await rethrowTakenUsername(insertUser(db, { publicName: public_name, roles: distinct(roles), username, passwordHash }));
      reply.code(201);
      return (await findPanelUser(db, uid))!;
    },
  );

  app.get(
    '/administration/users/',
    { onRequest: authenticate, schema: { ...guarded('All users, sorted by public name'), response: { 200: Type.Array(PanelUser), ...problems(400, 401) } } },
    async () => listPanelUsers(db),
  );

  app.get(
    '/administration/users/:uid/',
    { onRequest: authenticate, schema: { ...guarded('One user'), params: UidParams, response: { 200: PanelUser, ...problems(400, 401, 404) } } },
    async (request) => {
      const user = await findPanelUser(db, request.params.uid);
      if (!user) throw userNotFound();
      return user;
    },
  );

  app.put(
    '/administration/users/:uid/domain-user/',
    {
      onRequest: authenticate,
      schema: {
        ...guarded(
          "Change a user's public name and roles",
          'Takes the domain_user as GET returns it: the body uid must equal the path uid, and banned (optional) the stored state.',
        ),
        params: UidParams,
        body: DomainUserBody,
        response: { 200: DomainUser, ...problems(400, 401, 404) },
      },
    },
    async (request) => {
      const { uid } = request.params;
      assertSameUid('uid', request.body.uid, uid, 'uid must equal the uid in the path.');
      const stored = await findUser(db, uid);
      if (!stored) throw userNotFound();
      assertReadOnly('banned', request.body.banned, stored.bannedAt !== null);
      const user = await updateDomainUser(db, uid, request.body.public_name, distinct(request.body.roles));
      if (!user) throw userNotFound();
      return toDomainUser(user);
    },
  );

  app.put(
    '/administration/users/:uid/password-authentication/',
    {
      onRequest: authenticate,
      schema: {
        ...guarded("Change a user's username, and password when given", 'Takes the method as GET returns it ({type, username}) plus an optional password.'),
        params: UidParams,
        body: PasswordAuthenticationBody,
        response: { 200: PanelUser, ...problems(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const { uid } = request.params;
      const { type, username, password } = request.body;
      if (type !== undefined && type !== 'password') throw readOnlyMismatch('type', 'type must be "password", the only authentication method.');
      if (!(await findPanelUser(db, uid))) throw userNotFound();
      const passwordHash = password === undefined ? undefined : await hashPassword(password);
      const saved = await rethrowTakenUsername(setPasswordAuthentication(db, uid, username, passwordHash));
      if (!saved) throw badRequest('password is required: the user has no password yet.', 'password', 'password-required');
      return (await findPanelUser(db, uid))!;
    },
  );

  app.post(
    '/administration/revoke-refresh-tokens/',
    {
      onRequest: authenticate,
      schema: {
        ...guarded("Revoke users' refresh tokens", 'Their access tokens stay valid until they expire.'),
        body: UidsBody,
        response: { 200: Revoked, ...problems(400, 401, 404) },
      },
    },
    async (request) => {
      const uids = normalizeUids(request.body.uids);
      await assertAllKnown(db, uids);
      return { revoked: await revokeRefreshTokensOf(db, uids) };
    },
  );

  app.post(
    '/administration/ban-users/',
    {
      onRequest: authenticate,
      schema: {
        ...guarded('Ban users', 'Revokes their refresh tokens; their access tokens are refused from their next request on. You cannot ban yourself.'),
        body: UidsBody,
        response: { 200: Banned, ...problems(400, 401, 404) },
      },
    },
    async (request) => {
      const uids = normalizeUids(request.body.uids);
      if (uids.includes(request.user.uid)) throw badRequest('You cannot ban yourself.', 'uids', 'self-ban');
      await assertAllKnown(db, uids);
      await db.transaction(async (tx) => {
        await setBanned(tx, uids, true);
        await revokeRefreshTokensOf(tx, uids);
      });
      return { banned: uids };
    },
  );

  app.post(
    '/administration/unban-users/',
    {
      onRequest: authenticate,
      schema: { ...guarded('Lift the ban of users'), body: UidsBody, response: { 200: Unbanned, ...problems(400, 401, 404) } },
    },
    async (request) => {
      const uids = normalizeUids(request.body.uids);
      await assertAllKnown(db, uids);
      await setBanned(db, uids, false);
      return { unbanned: uids };
    },
  );
}
