import { deriveKey, openSecret, sealSecret } from '../shared/secrets';

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
    encrypt: (password, accountUid) => sealSecret(key, password, accountUid),
    decrypt: (stored, accountUid) => openSecret(key, stored, accountUid, 'password'),
  };
}
