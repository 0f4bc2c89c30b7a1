import type { Static } from '@sinclair/typebox';
import { http, HttpResponse } from 'msw';
import type { Info, RolePolicyInput, RolePolicyResponse } from '../../../contracts/auth';
import type { ProblemResponse } from '../../../contracts/common';
import { PERMISSIONS, type Permission } from '../../../contracts/permissions';
import type { ProblemSlug } from '../../../contracts/problem-types';
import { ownInfo } from './fakeAuthSignIn';
import { AUTH_URL, type FakeAuthService } from './fakeAuthService';

export const DISPATCHER_UID = '44444444-4444-4444-8444-444444444444';
export const NURSE_UID = '55555555-5555-4555-8555-555555555555';

/** The default policy of a new installation: administrator and ceo everything, caregiver nothing. */
const defaultPolicy = (): [string, Permission[]][] => [
  ['administrator', [...PERMISSIONS]],
  ['caregiver', []],
  ['ceo', [...PERMISSIONS]],
  ['dispatcher', ['mail:read', 'files:read', 'files:write', 'care:read', 'care:create', 'care:contact']],
  ['recruiter', ['users:read', 'files:read', 'care:read', 'care:create']],
];

const problem = (status: number, title: string, slug: ProblemSlug, detail: string, field?: string) =>
  HttpResponse.json(
    { type: `/problems/${slug}`, title, status, detail, ...(field ? { field } : {}) } satisfies ProblemResponse,
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

/**
 * The auth service's permission parts as the contract describes them, on top of the fake auth service:
 * /info/ with `permissions`, GET and PUT of the role policy (users:read, roles:manage, 409 last-roles-manager). Adds
 * a dispatcher (Dora) and an unbanned caregiver (Nina) to the fake's users.
 */
export function createFakeRolePolicy(auth: () => FakeAuthService) {
  const policy = new Map<string, Permission[]>(defaultPolicy());
  const puts: { role: string; body: RolePolicyInput }[] = [];
  /** The roles whose users must use a second factor (the default policy: administrator and ceo). */
  const secondFactorRoles = new Set(['administrator', 'ceo']);

  const addUsers = () => {
    const { users } = auth().state;
    users.set(DISPATCHER_UID, {
      uid: DISPATCHER_UID,
      public_name: 'Dora Dispatch',
      roles: ['dispatcher'],
      banned: false,
      username: 'dora',
      password: 'dora-secret',
    });
    users.set(NURSE_UID, {
      uid: NURSE_UID,
      public_name: 'Nina Nurse',
      roles: ['caregiver'],
      banned: false,
      username: 'nina',
      password: 'nina-secret',
    });
  };

  const permissionsOf = (roles: string[]): Permission[] =>
    PERMISSIONS.filter((permission) => roles.some((role) => policy.get(role)?.includes(permission)));

  const callerOf = (request: Request) => {
    const { accessTokens, users } = auth().state;
    const token = (request.headers.get('authorization') ?? '').replace(/^Bearer /, '');
    const access = accessTokens.get(token);
    const user = access ? users.get(access.uid) : undefined;
    return user && !user.banned && access!.expires > auth().state.now() ? user : null;
  };

  const unauthorized = () => problem(401, 'Unauthorized', 'unauthorized', 'Invalid or expired access token.');
  const forbidden = (permission: Permission) =>
    problem(403, 'Forbidden', 'forbidden', `This needs the permission ${permission}.`);

  const rolesInUse = () => [...auth().state.users.values()].flatMap((user) => user.roles);
  const someoneManagesRoles = () =>
    [...auth().state.users.values()].some((user) => !user.banned && permissionsOf(user.roles).includes('roles:manage'));

  const handlers = [
    http.get(`${AUTH_URL}/info/`, ({ request }) => {
      const user = callerOf(request);
      if (!user) return unauthorized();
      const extended = new URL(request.url).searchParams.get('extended') === 'true';
      return HttpResponse.json({
        ...ownInfo(user, extended, auth().state.provider),
        permissions: permissionsOf(user.roles),
      } satisfies Static<typeof Info>);
    }),

    http.get(`${AUTH_URL}/administration/roles/`, ({ request }) => {
      const user = callerOf(request);
      if (!user) return unauthorized();
      if (!permissionsOf(user.roles).includes('users:read')) return forbidden('users:read');
      const names = [...new Set([...policy.keys(), ...rolesInUse()])].sort();
      return HttpResponse.json(
        names.map((role): RolePolicyResponse => ({
          role,
          permissions: policy.get(role) ?? [],
          second_factor_required: secondFactorRoles.has(role),
        })),
      );
    }),

    http.put(`${AUTH_URL}/administration/roles/:role/`, async ({ request, params }) => {
      const user = callerOf(request);
      if (!user) return unauthorized();
      const role = String(params.role);
      const body = (await request.json()) as RolePolicyInput;
      puts.push({ role, body });
      if (!permissionsOf(user.roles).includes('roles:manage')) return forbidden('roles:manage');
      if (!body.permissions.every((permission) => (PERMISSIONS as readonly string[]).includes(permission))) {
        return problem(400, 'Bad Request', 'validation-error', 'unknown permission', 'permissions');
      }
      const previous = policy.get(role);
      policy.set(
        role,
        PERMISSIONS.filter((permission) => body.permissions.includes(permission)),
      );
      if (!someoneManagesRoles()) {
        if (previous) policy.set(role, previous);
        else policy.delete(role);
        return problem(409, 'Conflict', 'last-roles-manager', 'Nobody would be left holding roles:manage.');
      }
      if (body.second_factor_required === true) secondFactorRoles.add(role);
      if (body.second_factor_required === false) secondFactorRoles.delete(role);
      return HttpResponse.json({
        role,
        permissions: policy.get(role) ?? [],
        second_factor_required: secondFactorRoles.has(role),
      } satisfies RolePolicyResponse);
    }),
  ];

  return { policy, puts, secondFactorRoles, handlers, addUsers, permissionsOf };
}

export type FakeRolePolicy = ReturnType<typeof createFakeRolePolicy>;
