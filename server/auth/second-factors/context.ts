import type { UserChanges } from '../../authentication/cache';
import type { ThrottleConfig } from '../../config';
import type { Db } from '../../db';
import { recoveryCodeKeyOf } from './recovery-codes';
import { totpKeyOf } from './totp';
import type { RelyingParty } from './webauthn';

/** What the second-factor, passkey and re-authentication modules work with. */

export interface FactorKeys {
  /** Encrypts authenticator apps' secrets at rest. */
  totp: Buffer;
  /** Keys the recovery codes' hashes. */
  recoveryCode: Buffer;
}

export const factorKeysOf = (masterSecret: Buffer): FactorKeys => ({
  totp: totpKeyOf(masterSecret),
  recoveryCode: recoveryCodeKeyOf(masterSecret),
});

export interface FactorContext {
  db: Db;
  /** A change of a user's factors is a change of the user: every process's authentication forgets the user. */
  changes: UserChanges;
  relyingParty: RelyingParty;
  keys: FactorKeys;
  accessKey: Buffer;
  settings: { throttle: ThrottleConfig; accessTokenTtlSeconds: number; secondFactorGraceDays: number };
}
