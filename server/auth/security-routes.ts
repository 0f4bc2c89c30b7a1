import { Type } from '@sinclair/typebox';
import { auditContextOf } from '../shared/audit';
import { problems } from '../../contracts/common';
import type { ServiceApp } from '../shared/service';
import type { Db } from '../db';
import type { UserChanges } from '../authentication/cache';
import { revokeSession, sessionsOf, unlockUsers } from './account-security';
import { assertMayManage } from './permission-rules';
import { signedIn } from './route-parts';
import { Session, SessionParams, UidParams, UidsBody, Unlocked } from '../../contracts/auth';

/** Account security administration: unlocking throttled users, and users' sessions. */
export function accountSecurityRoutes(app: ServiceApp, db: Db, changes: UserChanges) {
  app.post(
    '/administration/unlock-users/',
    {
      config: { permission: 'users:manage' },
      schema: {
        ...signedIn(
          'Unlock users',
          "Forgets the users' failed sign-ins under their usernames: the username's count (and so its growing wait) and every username + " +
            "address count of it; the addresses' own counters stay. An unknown uid is 404 `/problems/user-not-found` naming `uids`. Only for " +
            "users whose permissions are a subset of the caller's (403). One `user.unlock` event per user.",
        ),
        body: UidsBody,
        response: { 200: Unlocked, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => unlockUsers(db, request.body.uids, request.user, auditContextOf(request)),
  );

  app.get(
    '/administration/users/:uid/sessions/',
    {
      config: { permission: 'users:manage' },
      schema: {
        ...signedIn(
          "A user's active sessions",
          'Sessions (one per sign-in) not revoked whose newest refresh token can still be exchanged, most recently used first, with the ' +
            'client address and user agent of the sign-in. 404 `/problems/user-not-found` for an unknown user. Only for users whose ' +
            "permissions are a subset of the caller's (403).",
        ),
        params: UidParams,
        response: { 200: Type.Array(Session), ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await assertMayManage(db, request.user, request.params.uid.toLowerCase());
      return sessionsOf(db, request.params.uid.toLowerCase());
    },
  );

  app.delete(
    '/administration/users/:uid/sessions/:family/',
    {
      config: { permission: 'users:manage' },
      schema: {
        ...signedIn(
          'End a session of a user',
          "Revokes the session's refresh tokens; its access tokens are refused from the next request on, in every process. 404 `/problems/not-found` " +
            "when the session is unknown, ended or another user's. Audited as `session.revoke`.",
        ),
        params: SessionParams,
        response: { 204: Type.Null(), ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await revokeSession(
        db,
        changes,
        request.params.uid.toLowerCase(),
        request.params.family,
        request.user,
        auditContextOf(request),
      );
      return reply.code(204).send(null);
    },
  );
}
