import type { Static } from '@sinclair/typebox';
import { http, HttpResponse } from 'msw';
import type {
  Banned,
  CreateUserInput,
  DomainUserInput,
  PasswordAuthenticationInput,
  Revoked,
  Session,
  Unbanned,
  Unlocked,
  UidsBody,
} from '../../../contracts/auth';
import { json, problem, type FakeAuthCore } from './fakeAuthState';
import { panelUser, userPage, type FakeUser } from './fakeAuthUsers';

/** The administration routes: the users list and editors, banning, unlocking, sign-outs and sessions. */
export function userAdministrationHandlers(
  { state, nextNumber, authenticated, findByUsername, needsReauthentication }: FakeAuthCore,
  base: string,
) {
  const { users, sessions, refreshTokens } = state;
  return [
    http.get(
      `${base}/administration/users/`,
      authenticated((_user, request) => {
        const byName = [...users.values()].sort((a, b) => a.public_name.localeCompare(b.public_name));
        const query = new URL(request.url).searchParams;
        return query.size === 0 ? json(byName.map(panelUser)) : json(userPage(byName, query));
      }),
    ),

    http.post(
      `${base}/administration/users/`,
      authenticated(async (_user, request) => {
        const body = (await request.json()) as CreateUserInput;
        if (findByUsername(body.username))
          return problem(409, 'Conflict', 'The username is already taken.', 'username', {}, '/problems/username-taken');
        const uid = `00000000-0000-4000-8000-${String(nextNumber()).padStart(12, '0')}`;
        const created: FakeUser = {
          uid,
          public_name: body.public_name,
          roles: body.roles,
          banned: false,
          username: body.username,
          password: body.password,
        };
        users.set(uid, created);
        return json(panelUser(created), 201);
      }),
    ),

    http.get(
      `${base}/administration/users/:uid/`,
      authenticated((_user, _request, params) => {
        const target = users.get(params.uid);
        return target ? json(panelUser(target)) : problem(404, 'Not Found', 'No such user.');
      }),
    ),

    http.put(
      `${base}/administration/users/:uid/domain-user/`,
      authenticated(async (_user, request, params) => {
        const target = users.get(params.uid);
        if (!target) return problem(404, 'Not Found', 'No such user.');
        const body = (await request.json()) as DomainUserInput;
        if (body.uid !== params.uid) return problem(400, 'Bad Request', 'uid mismatch', 'uid');
        const sameRoles =
          body.roles.length === target.roles.length && body.roles.every((role) => target.roles.includes(role));
        if (!sameRoles && target.providerLink?.roles_managed)
          return problem(
            409,
            'Conflict',
            'The roles come from the provider.',
            'roles',
            {},
            '/problems/roles-managed-by-provider',
          );
        target.public_name = body.public_name;
        target.roles = body.roles;
        return json(panelUser(target).domain_user);
      }),
    ),

    http.put(
      `${base}/administration/users/:uid/password-authentication/`,
      authenticated(async (_user, request, params) => {
        const target = users.get(params.uid);
        if (!target) return problem(404, 'Not Found', 'No such user.');
        const body = (await request.json()) as PasswordAuthenticationInput;
        if (body.password !== undefined && needsReauthentication(request)) return needsReauthentication(request)!;
        const other = findByUsername(body.username);
        if (other && other.uid !== target.uid)
          return problem(409, 'Conflict', 'The username is already taken.', 'username', {}, '/problems/username-taken');
        target.username = body.username;
        if (body.password !== undefined) target.password = body.password;
        return json(panelUser(target));
      }),
    ),

    http.post(
      `${base}/administration/revoke-refresh-tokens/`,
      authenticated(async (_user, request) => {
        const { uids } = (await request.json()) as Static<typeof UidsBody>;
        let revoked = 0;
        for (const [token, uid] of refreshTokens) {
          if (uids.includes(uid)) {
            refreshTokens.delete(token);
            revoked += 1;
          }
        }
        return json({ revoked } satisfies Static<typeof Revoked>);
      }),
    ),

    http.post(
      `${base}/administration/ban-users/`,
      authenticated(async (user, request) => {
        const { uids } = (await request.json()) as Static<typeof UidsBody>;
        if (uids.includes(user.uid))
          return problem(400, 'Bad Request', 'You cannot ban yourself.', 'uids', {}, '/problems/self-ban');
        if (uids.some((uid) => !users.has(uid))) return problem(404, 'Not Found', 'Unknown user.', 'uids');
        for (const uid of uids) users.get(uid)!.banned = true;
        return json({ banned: uids } satisfies Static<typeof Banned>);
      }),
    ),

    http.post(
      `${base}/administration/unban-users/`,
      authenticated(async (_user, request) => {
        const { uids } = (await request.json()) as Static<typeof UidsBody>;
        for (const uid of uids) {
          const target = users.get(uid);
          if (target) target.banned = false;
        }
        return json({ unbanned: uids } satisfies Static<typeof Unbanned>);
      }),
    ),

    http.post(
      `${base}/administration/unlock-users/`,
      authenticated(async (_user, request) => {
        const { uids } = (await request.json()) as Static<typeof UidsBody>;
        for (const uid of uids) {
          const target = users.get(uid);
          if (target) target.locked = false;
        }
        return json({ unlocked: uids } satisfies Static<typeof Unlocked>);
      }),
    ),

    http.get(
      `${base}/administration/users/:uid/sessions/`,
      authenticated((_user, _request, params) => {
        if (!users.has(params.uid))
          return problem(404, 'Not Found', 'No such user.', undefined, {}, '/problems/not-found');
        const own = [...sessions.values()]
          .filter((session) => session.uid === params.uid)
          .sort((a, b) => b.last_used - a.last_used);
        return json(own.map(({ uid: _uid, ...session }): Static<typeof Session> => session));
      }),
    ),

    http.delete(
      `${base}/administration/users/:uid/sessions/:family/`,
      authenticated((_user, _request, params) => {
        const session = sessions.get(params.family);
        if (!session || session.uid !== params.uid)
          return problem(404, 'Not Found', 'No such session.', undefined, {}, '/problems/not-found');
        sessions.delete(params.family);
        return new HttpResponse(null, { status: 204 });
      }),
    ),
  ];
}
