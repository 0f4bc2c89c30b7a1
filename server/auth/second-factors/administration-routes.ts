import { auditContextOf } from '../../shared/audit';
import { problems } from '../../../contracts/common';
import type { ServiceApp } from '../../shared/service';
import { UidParams } from '../../../contracts/auth';
import { UserSecondFactors } from '../../../contracts/second-factors';
import { resetSecondFactors, userSecondFactors } from './administration';
import type { FactorContext } from './context';
import { signedIn } from '../route-parts';

/** The administration of other users' second factors: reading and resetting them. */
export function factorAdministrationRoutes(app: ServiceApp, context: FactorContext) {
  const { db, settings } = context;
  app.get(
    '/administration/users/:uid/second-factors/',
    {
      config: { permission: 'users:read' },
      schema: {
        ...signedIn(
          "A user's second factors",
          "Whether the user's roles require a second factor, until when they may sign in without one (`grace_until`, while required and " +
            'none is enrolled), their confirmed factors (kind, name, added, last used; never a secret) and how many recovery codes are ' +
            'unused. 404 `/problems/user-not-found` for an unknown uid.',
        ),
        params: UidParams,
        response: { 200: UserSecondFactors, ...problems(400, 401, 404) },
      },
    },
    async (request) => userSecondFactors(db, request.params.uid, settings.secondFactorGraceDays),
  );

  app.delete(
    '/administration/users/:uid/second-factors/',
    {
      config: { permission: 'users:manage', recentAuthentication: true },
      schema: {
        ...signedIn(
          "Reset a user's second factors",
          'For a user who lost them: deletes every factor (pending ones too) and the recovery codes, ends all their sessions at once, and ' +
            "answers the state as GET does. The user's next sign-in needs the password only, or, when their roles require a factor and the " +
            'grace period is over, gives a session that may only enroll one. Needs an authentication within 5 minutes (401 ' +
            '`/problems/reauthentication-required`). 404 `/problems/user-not-found` for an unknown uid. Only for users whose permissions are a ' +
            "subset of the caller's (403). Audited as `second-factor.reset` (with the `factors` and the `sessions_ended` it deleted and ended).",
        ),
        params: UidParams,
        response: { 200: UserSecondFactors, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => resetSecondFactors(context, request.params.uid, request.user, auditContextOf(request)),
  );
}
