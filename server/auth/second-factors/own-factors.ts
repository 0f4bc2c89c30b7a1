import type { Db } from '../../db';
import { recordAudit, type AuditContext } from '../../shared/audit';
import { conflict, notFound } from '../../shared/problem';
import type {
  ConfirmedFactorResponse,
  RecoveryCodesResponse,
  SecondFactorResponse,
} from '../../../contracts/second-factors';
import { userTarget } from '../audit';
import type { FactorContext } from './context';
import { confirmedFactorsOf, countConfirmedFactors, deleteOwnFactor, factorResponseOf, lockFactorsOf } from './store';
import { deleteRecoveryCodes, replaceRecoveryCodes } from './recovery-codes';
import { endSessionsOf } from '../sessions';

/** The signed-in user's own second factors: listing, what follows an addition, removing one, new recovery codes. */

/** The signed-in user acting on their factors, in the session of the request. */
export interface FactorOwner {
  uid: string;
  publicName: string;
  sessionFamily: string;
}

export const secondFactorNotFound = () => notFound('You have no such second factor.', 'uid', 'second-factor-not-found');

export const listOwnFactors = (db: Db, owner: FactorOwner): Promise<SecondFactorResponse[]> =>
  confirmedFactorsOf(db, owner.uid);

/**
 * What only the user's first factor brings: the first recovery codes, and the end of every other session of the user, which the
 * password alone opened (the session adding the factor just proved it). Answers how many sessions were ended.
 */
async function afterFirstFactor(tx: Db, keys: FactorContext['keys'], owner: FactorOwner) {
  const recoveryCodes = await replaceRecoveryCodes(tx, keys.recoveryCode, owner.uid);
  const sessionsEnded = await endSessionsOf(tx, owner.uid, { exceptFamily: owner.sessionFamily });
  return { recoveryCodes, sessionsEnded };
}

/**
 * In the transaction of a factor's addition (a change of the user, so the ended sessions' access tokens die at once in every
 * process): the first factor's effects, and an enrollment-only session may do everything from its next refresh on (the refresh reads
 * the requirement anew). Audited as `second-factor.add`.
 */
export async function afterFactorAdded(
  tx: Db,
  { keys }: FactorContext,
  owner: FactorOwner,
  factor: Parameters<typeof factorResponseOf>[0],
  audit: AuditContext,
): Promise<ConfirmedFactorResponse> {
  const first =
    (await countConfirmedFactors(tx, owner.uid)) === 1 ? await afterFirstFactor(tx, keys, owner) : undefined;
  const changes = {
    factor: factor.uid,
    kind: factor.kind,
    name: factor.name,
    ...(first ? { recovery_codes: 'new', sessions_ended: first.sessionsEnded } : {}),
  };
  await recordAudit(tx, {
    ...audit,
    action: 'second-factor.add',
    target: userTarget(owner.uid, owner.publicName),
    changes,
  });
  return {
    factor: factorResponseOf(factor),
    ...(first ? { recovery_codes: first.recoveryCodes, sessions_ended: first.sessionsEnded } : {}),
  };
}

/** Removes one of the user's factors (a pending one too); with the last one go the recovery codes. */
export async function removeOwnFactor(
  { db, changes }: FactorContext,
  owner: FactorOwner,
  factorUid: string,
  audit: AuditContext,
): Promise<void> {
  await changes.transaction(db, { users: [owner.uid] }, async (tx) => {
    await lockFactorsOf(tx, owner.uid);
    const removed = await deleteOwnFactor(tx, owner.uid, factorUid.toLowerCase());
    if (!removed) throw secondFactorNotFound();
    const last = (await countConfirmedFactors(tx, owner.uid)) === 0;
    if (last) await deleteRecoveryCodes(tx, owner.uid);
    const changed = {
      factor: removed.uid,
      kind: removed.kind,
      name: removed.name,
      ...(last ? { recovery_codes: 'deleted' } : {}),
    };
    await recordAudit(tx, {
      ...audit,
      action: 'second-factor.remove',
      target: userTarget(owner.uid, owner.publicName),
      changes: changed,
    });
  });
}

/** A new set of recovery codes; the old set dies. Only for a user with a second factor: the codes stand in for one. */
export async function renewRecoveryCodes(
  { db, changes, keys }: FactorContext,
  owner: FactorOwner,
  audit: AuditContext,
): Promise<RecoveryCodesResponse> {
  return changes.transaction(db, { users: [owner.uid] }, async (tx) => {
    await lockFactorsOf(tx, owner.uid);
    if ((await countConfirmedFactors(tx, owner.uid)) === 0)
      throw conflict('Recovery codes stand in for a second factor: add one first.', undefined, 'conflict');
    const codes = await replaceRecoveryCodes(tx, keys.recoveryCode, owner.uid);
    await recordAudit(tx, {
      ...audit,
      action: 'recovery-codes.renew',
      target: userTarget(owner.uid, owner.publicName),
    });
    return { recovery_codes: codes };
  });
}
