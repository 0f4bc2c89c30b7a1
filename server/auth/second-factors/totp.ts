import { timingSafeEqual } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';
import { deriveKey, openSecret, sealSecret } from '../../shared/secrets';

/**
 * Authenticator apps (RFC 6238): SHA-1, 6 digits, 30-second steps, a code of the step before or after the current one accepted.
 * Replay: a code is accepted only for a step after the last accepted one. The shared secret is kept encrypted (AES-256-GCM under
 * deriveKey(masterSecret, 'totp-secret'), the factor's uid as authenticated data, "v1.<iv>.<tag>.<ciphertext>" as for SMTP passwords).
 */

const PERIOD_SECONDS = 30;
const DIGITS = 6;
const ALGORITHM = 'SHA1';
const ISSUER = 'Caredesk';
const SECRET_BYTES = 20;
/** A pending authenticator app not confirmed within this time can no longer be. */
export const TOTP_PENDING_SECONDS = 600;

export const totpKeyOf = (masterSecret: Buffer) => deriveKey(masterSecret, 'totp-secret');

export const newTotpSecret = () => new Secret({ size: SECRET_BYTES }).base32;

export const otpauthUriOf = (secret: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD_SECONDS,
  }).toString();

export const totpStepAt = (now: Date) => Math.floor(now.getTime() / 1000 / PERIOD_SECONDS);

const codeOfStep = (secret: string, step: number) =>
  HOTP.generate({ secret: Secret.fromBase32(secret), algorithm: ALGORITHM, digits: DIGITS, counter: step });

const sameCode = (expected: string, given: string) =>
  expected.length === given.length && timingSafeEqual(Buffer.from(expected), Buffer.from(given));

/** The step whose code `code` is, one step either side of now and after `lastStep`; undefined when there is none. */
export function acceptedStep(
  secret: string,
  code: string,
  lastStep: number | null,
  now = new Date(),
): number | undefined {
  const current = totpStepAt(now);
  const candidates = [current - 1, current, current + 1].filter((step) => lastStep === null || step > lastStep);
  return candidates.find((step) => sameCode(codeOfStep(secret, step), code));
}

export const encryptTotpSecret = (key: Buffer, secret: string, factorUid: string) => sealSecret(key, secret, factorUid);

export const decryptTotpSecret = (key: Buffer, stored: string, factorUid: string) =>
  openSecret(key, stored, factorUid, 'TOTP secret');
