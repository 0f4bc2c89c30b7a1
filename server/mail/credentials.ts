import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from '../shared/secrets';

/**
 * SMTP passwords at rest: AES-256-GCM under deriveKey(masterSecret, 'smtp-password'), stored as
 * "v1.<iv>.<tag>.<ciphertext>" (base64url). The account uid is authenticated data, so a ciphertext copied onto another account does not decrypt.
 */
export interface PasswordCipher {
  encrypt(password: string, accountUid: string): string;
  decrypt(stored: string, accountUid: string): string;
}

export function createPasswordCipher(masterSecret: Buffer): PasswordCipher {
  const key = deriveKey(masterSecret, 'smtp-password');
  return {
    encrypt(password, accountUid) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(accountUid));
      const ciphertext = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    decrypt(stored, accountUid) {
      const [version, iv, tag, ciphertext] = stored.split('.');
      if (version !== 'v1' || ciphertext === undefined) throw new Error('unknown password encryption format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(
        Buffer.from(accountUid),
      );
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
