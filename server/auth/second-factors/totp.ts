import { createCipheriv, createDecipheriv, randomBytes, timingSafeEqual } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';
import { deriveKey } from '../../shared/secrets';

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

export function encryptTotpSecret(key: Buffer, secret: string, factorUid: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(factorUid));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'))].join('.');
}

export function decryptTotpSecret(key: Buffer, stored: string, factorUid: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || ciphertext === undefined) throw new Error('unknown TOTP secret encryption format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(factorUid));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
