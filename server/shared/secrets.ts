import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The server's master secret: SECRET_KEY, or a random key kept in the data folder so restarts keep sessions valid. */
export function loadMasterSecret(secretKey: string | undefined, dataDir: string): Buffer {
  if (secretKey) return Buffer.from(secretKey, 'utf8');
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
  return key;
}

/** A 32-byte key for one purpose ("access-token", "smtp-password", …), derived so that no two purposes share a key. */
export function deriveKey(master: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `caredesk:${purpose}`, 32));
}

/**
 * A secret at rest: AES-256-GCM under `key`, stored as "v1.<iv>.<tag>.<ciphertext>" (base64url), with `owner` (the row's uid) as
 * authenticated data, so a ciphertext copied onto another row does not decrypt.
 */
export function sealSecret(key: Buffer, text: string, owner: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(owner));
  const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return ['v1', ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'))].join('.');
}

/** The text `sealSecret` stored for `owner`; `what` names the secret in the error of an unknown format. */
export function openSecret(key: Buffer, stored: string, owner: string, what: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || ciphertext === undefined) throw new Error(`unknown ${what} encryption format`);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(owner));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
