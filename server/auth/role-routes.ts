import { Type } from '@sinclair/typebox';
import { auditContextOf } from '../shared/audit';
import { problems } from '../../contracts/common';
import type { ServiceApp } from '../shared/service';
import { RoleParams, RolePolicy, RolePolicyBody } from '../../contracts/auth';
import { changeRolePolicy, listRolePolicies } from './roles';
import { signedIn, type AdministrationContext } from './route-parts';

/** The role policy: every role with its permissions, and the change of one role's. */
export function roleRoutes(app: ServiceApp, { db, accessPolicy, changes }: AdministrationContext) {
  app.get(
    '/administration/roles/',
    {
      config: { permission: 'users:read' },
      schema: {
        ...signedIn(
          'The role policy: every role with a policy and every role in use, sorted',
          'Every role with a policy and every role some user has (with `permissions: []` and no second factor required when it has no ' +
            'policy), sorted by role.',
        ),
        response: { 200: Type.Array(RolePolicy), ...problems(401, 403) },
      },
    },
    async () => listRolePolicies(db),
  );

  app.put(
    '/administration/roles/:role/',
    {
      config: { permission: 'roles:manage', recentAuthentication: true },
      schema: {
        ...signedIn(
          "Set a role's permissions and whether it requires a second factor",
          '`role` in the body is read-only and repeats the path; `second_factor_required` left out keeps it (a newly required factor ' +
            "starts the role's users' grace period of SECOND_FACTOR_GRACE_DAYS). Needs an authentication within 5 minutes (401 " +
            '`/problems/reauthentication-required`). Answers the permissions in the order of the permission list, duplicates ' +
            'dropped; an unknown permission is 400 naming `permissions`. Adding or removing a permission needs it (403); a change that would ' +
            "leave no unbanned user holding roles:manage is 409 `/problems/last-roles-manager`. Applies from each user's next request, on " +
            'every process. Audited as `role.update`.',
        ),
        params: RoleParams,
        body: RolePolicyBody,
        response: { 200: RolePolicy, ...problems(400, 401, 403, 409) },
      },
    },
    async (request) =>
      changeRolePolicy(db, request.params.role, request.body, {
        actor: request.user,
        changes,
        accessPolicy,
        audit: auditContextOf(request),
      }),
  );
}
