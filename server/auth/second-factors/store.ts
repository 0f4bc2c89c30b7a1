import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { secondFactors } from '../../db/schema';
import { epochSecondsOf } from '../../shared/paging';
import type { SecondFactorKind, SecondFactorResponse } from '../../../contracts/second-factors';
import { acceptedStep, decryptTotpSecret } from './totp';

/** The second_factors rows: what the sign-in, the own factors and the administration read and write of them. */

type FactorRow = typeof secondFactors.$inferSelect;

export const factorResponseOf = (
  row: Pick<FactorRow, 'uid' | 'kind' | 'name' | 'createdAt' | 'lastUsedAt'>,
): SecondFactorResponse => ({
  uid: row.uid,
  kind: row.kind,
  name: row.name,
  created: epochSecondsOf(new Date(row.createdAt)),
  last_used: row.lastUsedAt === null ? null : epochSecondsOf(new Date(row.lastUsedAt)),
});

/**
 * Serialises the changes of one user's factors until the end of the transaction `tx`: whether a factor is the first (recovery codes)
 * or the last (their deletion) is decided on counts that a concurrent change must not move.
 */
export async function lockFactorsOf(tx: Db, userUid: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`second-factors:${userUid}`}, 0))`);
}

const confirmedOf = (userUid: string) => and(eq(secondFactors.userUid, userUid), isNotNull(secondFactors.confirmedAt));

/** The user's confirmed factors, oldest first. */
export async function confirmedFactorsOf(db: Db, userUid: string): Promise<SecondFactorResponse[]> {
  const rows = await db
    .select()
    .from(secondFactors)
    .where(confirmedOf(userUid))
    .orderBy(asc(secondFactors.createdAt), asc(secondFactors.uid));
  return rows.map(factorResponseOf);
}

export async function confirmedKindsOf(db: Db, userUid: string): Promise<Set<SecondFactorKind>> {
  const rows = await db.selectDistinct({ kind: secondFactors.kind }).from(secondFactors).where(confirmedOf(userUid));
  return new Set(rows.map((row) => row.kind));
}

export async function countConfirmedFactors(db: Db, userUid: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(secondFactors)
    .where(confirmedOf(userUid));
  return row.count;
}

/**
 * Accepts a code of one of the user's authenticator apps (`onlyFactor`: of that one, confirmed or not): records its step, so
 * that the same code, or an older one, is refused from then on. Answers the factor's uid, or undefined.
 */
export async function acceptTotpCode(
  db: Db,
  key: Buffer,
  userUid: string,
  code: string,
  { onlyFactor, now = new Date() }: { onlyFactor?: string; now?: Date } = {},
) {
  const which = onlyFactor ? eq(secondFactors.uid, onlyFactor) : isNotNull(secondFactors.confirmedAt);
  const apps = await db
    .select()
    .from(secondFactors)
    .where(and(eq(secondFactors.userUid, userUid), eq(secondFactors.kind, 'totp'), which));
  for (const app of apps) {
    const step = acceptedStep(decryptTotpSecret(key, app.totpSecret!, app.uid), code, app.totpLastStep, now);
    if (step === undefined) continue;
    // only a step after the stored one: of two requests with the same code, one wins
    const fresh = or(isNull(secondFactors.totpLastStep), lt(secondFactors.totpLastStep, step));
    const [accepted] = await db
      .update(secondFactors)
      .set({ totpLastStep: step, lastUsedAt: now })
      .where(and(eq(secondFactors.uid, app.uid), fresh))
      .returning({ uid: secondFactors.uid });
    if (accepted) return accepted.uid;
  }
  return undefined;
}

export async function insertFactor(db: Db, factor: typeof secondFactors.$inferInsert): Promise<FactorRow> {
  const [row] = await db.insert(secondFactors).values(factor).returning();
  return row;
}

export async function findOwnFactor(db: Db, userUid: string, factorUid: string): Promise<FactorRow | undefined> {
  const [row] = await db
    .select()
    .from(secondFactors)
    .where(and(eq(secondFactors.userUid, userUid), eq(secondFactors.uid, factorUid)));
  return row;
}

/** Deletes one of the user's factors (confirmed or pending); answers it, or undefined when the user has no such factor. */
export async function deleteOwnFactor(tx: Db, userUid: string, factorUid: string): Promise<FactorRow | undefined> {
  const [row] = await tx
    .delete(secondFactors)
    .where(and(eq(secondFactors.userUid, userUid), eq(secondFactors.uid, factorUid)))
    .returning();
  return row;
}

/** Deletes every factor of the user, pending ones included; answers how many were confirmed. */
export async function deleteAllFactors(tx: Db, userUid: string): Promise<number> {
  const rows = await tx
    .delete(secondFactors)
    .where(eq(secondFactors.userUid, userUid))
    .returning({ confirmedAt: secondFactors.confirmedAt });
  return rows.filter((row) => row.confirmedAt !== null).length;
}

/** Pending authenticator apps of the user that can no longer be confirmed. */
export async function deleteStalePendingFactors(db: Db, userUid: string, notBefore: Date): Promise<void> {
  await db
    .delete(secondFactors)
    .where(
      and(
        eq(secondFactors.userUid, userUid),
        isNull(secondFactors.confirmedAt),
        lt(secondFactors.createdAt, notBefore),
      ),
    );
}
