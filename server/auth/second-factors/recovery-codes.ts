import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db';
import { recoveryCodes } from '../../db/schema';
import { deriveKey } from '../../shared/secrets';
import { RECOVERY_CODE_COUNT } from '../../../contracts/second-factors';

/**
 * Recovery codes: RECOVERY_CODE_COUNT single-use codes per user, each 12 base32 characters (60 bits) shown as `abcd-efgh-ijkl`.
 * Only an HMAC-SHA256 of each is kept (under deriveKey(masterSecret, 'recovery-code')): 60 random bits need no slow hash, and
 * the key keeps a copied table from being checked offline. Compared without case, dashes and blanks.
 */

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const CODE_LENGTH = 12;
const GROUP = 4;

export const recoveryCodeKeyOf = (masterSecret: Buffer) => deriveKey(masterSecret, 'recovery-code');

function newRecoveryCode(): string {
  // 256 is a multiple of 32: the low five bits of a random byte are uniform
  const characters = [...randomBytes(CODE_LENGTH)].map((byte) => ALPHABET[byte & 31]).join('');
  return characters.match(new RegExp(`.{${GROUP}}`, 'g'))!.join('-');
}

const normalized = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

const hashOf = (key: Buffer, code: string) => createHmac('sha256', key).update(normalized(code)).digest('hex');

/** A new set for the user: the old set is gone. Answers the codes, which are never seen again. */
export async function replaceRecoveryCodes(tx: Db, key: Buffer, userUid: string, now = new Date()): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deleteRecoveryCodes(tx, userUid);
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userUid, codeHash: hashOf(key, code), createdAt: now })));
  return codes;
}

export async function deleteRecoveryCodes(tx: Db, userUid: string): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userUid, userUid));
}

/** Uses one of the user's unused codes; false when the code is not one of them. */
export async function useRecoveryCode(
  db: Db,
  key: Buffer,
  userUid: string,
  code: string,
  now = new Date(),
): Promise<boolean> {
  const unused = and(
    eq(recoveryCodes.userUid, userUid),
    eq(recoveryCodes.codeHash, hashOf(key, code)),
    isNull(recoveryCodes.usedAt),
  );
  const rows = await db.update(recoveryCodes).set({ usedAt: now }).where(unused).returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function hasUnusedRecoveryCodes(db: Db, userUid: string): Promise<boolean> {
  const rows = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userUid, userUid), isNull(recoveryCodes.usedAt)))
    .limit(1);
  return rows.length === 1;
}
