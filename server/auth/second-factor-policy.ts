import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { secondFactors, users } from '../db/schema';
import {
  hasConfirmedFactorColumn,
  rolesRequireSecondFactor,
  secondFactorFactsColumns,
  type SecondFactorFacts,
} from '../authentication/users';
import type { OwnSecondFactorStateResponse, SecondFactorState } from '../../contracts/second-factors';

/**
 * Who must use a second factor: users holding a role whose policy requires it. `users.second_factor_required_since` remembers
 * since when (the grace period counts from it); it is kept by every change of roles or of the policy (syncSecondFactorRequirement).
 */

const DAY_MS = 86_400_000;

/** The users list's summary of a user, as SQL over `users`. */
export const secondFactorStateColumn: SQL<SecondFactorState> = sql`case when ${hasConfirmedFactorColumn} then 'on'
  when ${rolesRequireSecondFactor} then 'required-missing' else 'off' end`;

/**
 * Brings the users' remembered requirement in line with their roles and the policy: it starts now for users newly required, keeps
 * its time for those still required, and ends for the others. Run in the transaction of the change of roles or policy.
 */
export async function syncSecondFactorRequirement(tx: Db, uids: string[] | 'everyone', now = new Date()) {
  const since = sql`case when ${rolesRequireSecondFactor} then coalesce(${users.secondFactorRequiredSince}, ${now}) else null end`;
  await tx
    .update(users)
    .set({ secondFactorRequiredSince: since })
    .where(uids === 'everyone' ? undefined : inArray(users.uid, uids));
}

export async function hasConfirmedFactor(db: Db, userUid: string): Promise<boolean> {
  const [row] = await db
    .select({ uid: secondFactors.uid })
    .from(secondFactors)
    .where(and(eq(secondFactors.userUid, userUid), isNotNull(secondFactors.confirmedAt)))
    .limit(1);
  return row !== undefined;
}

export interface SecondFactorRequirement {
  required: boolean;
  enrolled: boolean;
  /** Required and not enrolled: until when sign-in is still allowed without one. */
  graceUntil: Date | null;
  recoveryCodesLeft: number;
}

/** The requirement of facts read with a user (server/authentication/users.ts), under the grace period in force. */
export function requirementOf(
  { enrolled, required, requiredSince, recoveryCodesLeft }: SecondFactorFacts,
  graceDays: number,
): SecondFactorRequirement {
  const since = requiredSince === null ? null : new Date(requiredSince);
  const graceUntil = required && !enrolled ? new Date((since ?? new Date()).getTime() + graceDays * DAY_MS) : null;
  return { required, enrolled, graceUntil, recoveryCodesLeft };
}

/** A user's requirement as sign-in and the administration read it. */
export async function secondFactorRequirementOf(
  db: Db,
  userUid: string,
  graceDays: number,
): Promise<SecondFactorRequirement> {
  const [row] = await db.select(secondFactorFactsColumns).from(users).where(eq(users.uid, userUid));
  if (!row) return { required: false, enrolled: false, graceUntil: null, recoveryCodesLeft: 0 };
  return requirementOf(row, graceDays);
}

/** A sign-in now gives a session that may only enroll: the roles require a factor, none is enrolled and the grace period is over. */
export const mayOnlyEnroll = (requirement: SecondFactorRequirement, now = new Date()) =>
  requirement.graceUntil !== null && requirement.graceUntil.getTime() <= now.getTime();

export function ownSecondFactorState(
  requirement: SecondFactorRequirement,
  enrollmentOnly: boolean,
): OwnSecondFactorStateResponse {
  return {
    enrolled: requirement.enrolled,
    required: requirement.required,
    grace_until: requirement.graceUntil && Math.floor(requirement.graceUntil.getTime() / 1000),
    enrollment_only: enrollmentOnly,
    recovery_codes_left: requirement.recoveryCodesLeft,
  };
}

/** Unbanned users whose roles require a second factor and who have none: the dashboard's figure. */
export async function countMissingSecondFactor(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(isNull(users.bannedAt), rolesRequireSecondFactor, sql`not ${hasConfirmedFactorColumn}`));
  return row.count;
}
