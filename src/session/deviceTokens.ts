import type { StorageLike } from './storage';

/**
 * Device tokens (docs/api.md, Device tokens): a successful sign-in gives the browser one for that username; sent with the next
 * sign-ins under it, it exempts them from the wait an outsider's wrong passwords caused. Kept per lower-cased username, and kept
 * across logouts, since that is when they matter.
 */
export const DEVICE_TOKEN_PREFIX = 'caredesk.device_token.';

const keyOf = (username: string) => `${DEVICE_TOKEN_PREFIX}${username.toLowerCase()}`;

export function readDeviceToken(storage: StorageLike, username: string): string | null {
  return storage.getItem(keyOf(username));
}

/** Replaces the username's device token with the new one. */
export function keepDeviceToken(storage: StorageLike, username: string, token: string | null): void {
  if (token) storage.setItem(keyOf(username), token);
}
