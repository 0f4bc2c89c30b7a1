import type { Db } from '../../db';
import { recordAudit, type AuditContext } from '../../shared/audit';
import { notFound } from '../../shared/problem';
import type { UserSecondFactorsResponse } from '../../../contracts/second-factors';
import { userTarget } from '../audit';
import type { FactorContext } from './context';
import { confirmedFactorsOf, deleteAllFactors, lockFactorsOf } from './store';
import { assertMayManage, type Actor } from '../permission-rules';
import { deleteRecoveryCodes } from './recovery-codes';
import { secondFactorRequirementOf } from '../second-factor-policy';
import { endSessionsOf } from '../sessions';
import { findUser } from '../users';

/** The administration of users' second factors: what users:read sees of them, and the reset by users:manage. */

const userNotFound = () => notFound('No user has this uid.', 'uid', 'user-not-found');

async function existingUser(db: Db, uid: string) {
  const user = await findUser(db, uid);
  if (!user) throw userNotFound();
  return user;
}

export async function userSecondFactors(db: Db, uid: string, graceDays: number): Promise<UserSecondFactorsResponse> {
  const normalized = uid.toLowerCase();
  await existingUser(db, normalized);
  const requirement = await secondFactorRequirementOf(db, normalized, graceDays);
  return {
    required: requirement.required,
    grace_until: requirement.graceUntil && Math.floor(requirement.graceUntil.getTime() / 1000),
    factors: await confirmedFactorsOf(db, normalized),
    recovery_codes_left: requirement.recoveryCodesLeft,
  };
}

/**
 * Deletes every factor (pending ones too) and the recovery codes of a user who lost them, and ends all their sessions (whoever holds one
 * may be who took the factor): their next sign-in needs the password only (or, when their roles require a factor and the grace period is
 * over, gives a session that may only enroll one).
 */
export async function resetSecondFactors(
  { db, changes, settings }: FactorContext,
  uid: string,
  actor: Actor,
  audit: AuditContext,
): Promise<UserSecondFactorsResponse> {
  const normalized = uid.toLowerCase();
  const user = await existingUser(db, normalized);
  await changes.transaction(db, { users: [normalized] }, async (tx) => {
    await assertMayManage(tx, actor, normalized);
    await lockFactorsOf(tx, normalized);
    const factors = await deleteAllFactors(tx, normalized);
    await deleteRecoveryCodes(tx, normalized);
    const sessionsEnded = await endSessionsOf(tx, normalized);
    const changes = { factors, sessions_ended: sessionsEnded };
    await recordAudit(tx, {
      ...audit,
      action: 'second-factor.reset',
      target: userTarget(normalized, user.publicName),
      changes,
    });
  });
  return userSecondFactors(db, normalized, settings.secondFactorGraceDays);
}
