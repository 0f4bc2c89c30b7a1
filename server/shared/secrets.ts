import { hkdfSync, randomBytes } from 'node:crypto';
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
