import { randomBytes, randomInt } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';
import type { PasswordHashCost } from '../config';

// Algorithm.Argon2id; the package's enum is a `const enum`, which isolatedModules cannot import.
const ARGON2ID = 2;

const HASH_OPTIONS: Record<PasswordHashCost, Options> = {
  /** OWASP's recommended argon2id parameters (19 MiB, 2 passes, 1 lane). */
  owasp: { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  /** The test suite's: about 25 times cheaper. loadConfig accepts it only under NODE_ENV=test. */
  test: { algorithm: ARGON2ID, memoryCost: 256, timeCost: 1, parallelism: 1 },
};
let hashOptions = HASH_OPTIONS.owasp;
let dummyHash: Promise<string> | undefined;

/** The cost of the hashes made from now on; a hash keeps its own parameters, so verification needs no setting. */
export function usePasswordHashCost(cost: PasswordHashCost) {
  hashOptions = HASH_OPTIONS[cost];
  dummyHash = undefined;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, hashOptions);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Spends the time of a real verification, so that an unknown username cannot be told apart by response time. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password of 20 characters from an alphabet without look-alikes (about 116 bits). */
export function generatePassword(length = 20): string {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}
