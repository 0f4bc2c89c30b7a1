import type { ThrottleConfig } from '../config';
import type { Db } from '../db';
import { and, gt, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { throttleCounters } from '../db/schema';
import { blockedKeys, type ThrottleRule } from '../authentication/throttle';
import { HttpProblem, problemType } from '../shared/problem';

/**
 * The keys of sign-in throttling (docs/api.md, Sign-in throttling):
 * - `user+address:<address> <username>`: one address guessing one username, blocked quickly;
 * - `address:<address>`: one address guessing many usernames;
 * - `user:<username>`: one username guessed from many addresses; a growing wait rather than a lock, so that an attacker
 *   cannot lock its owner out, and below its threshold other addresses are not slowed at all.
 * Usernames are lower-cased; an address has no spaces, so the username is what follows the first space.
 */

const USER = 'user:';
const USER_ADDRESS = 'user+address:';

const usernameKey = (username: string) => `${USER}${username.toLowerCase()}`;

export const isUserAddressKey = (rule: ThrottleRule) => rule.key.startsWith(USER_ADDRESS);
export const isUserKey = (rule: ThrottleRule) => rule.key.startsWith(USER);

/** Whether sign-in throttling is on (SIGN_IN_MAX_FAILURES=0 turns it off). */
export const signInThrottled = (config: ThrottleConfig) => config.userAddressMaxFailures > 0;

/** The address's own rule: what a sign-in without a username (a passkey) counts on. */
export const addressRuleOf = (config: ThrottleConfig, address: string): ThrottleRule => ({ key: `address:${address}`, maxFailures: config.addressMaxFailures, resetSeconds: config.windowSeconds });

export const tooManySignInFailures = (retryAfterSeconds: number) =>
  new HttpProblem(429, 'Too Many Requests', `Too many failed sign-in attempts. Try again in ${retryAfterSeconds} seconds.`, {
    type: problemType('too-many-sign-in-failures'),
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

/** A browser with a device token for the username counts its failures on the token (device-tokens.ts), not on the username's keys. */
export function signInRules(config: ThrottleConfig, username: string, address: string, { device = false } = {}): ThrottleRule[] {
  const addressRule = addressRuleOf(config, address);
  if (device) return [addressRule];
  return [
    { key: `${USER_ADDRESS}${address} ${username.toLowerCase()}`, maxFailures: config.userAddressMaxFailures, resetSeconds: config.windowSeconds },
    addressRule,
    {
      key: usernameKey(username),
      maxFailures: config.userMaxFailures,
      resetSeconds: config.userResetSeconds,
      growingWait: { incrementSeconds: config.waitIncrementSeconds, maxSeconds: config.maxWaitSeconds },
    },
  ];
}

/** The longest time a counter can matter: older ones are deleted. */
export const longestThrottlePeriod = (config: ThrottleConfig) =>
  Math.max(config.windowSeconds, config.userResetSeconds + config.maxWaitSeconds, config.apiTokenWindowSeconds);

function usernameOfKey(key: string): string | undefined {
  if (key.startsWith(USER)) return key.slice(USER.length);
  if (key.startsWith(USER_ADDRESS)) return key.slice(key.indexOf(' ') + 1);
  return undefined;
}

/** Lower-cased usernames whose sign-in is blocked now, from every address or from some. */
export async function lockedUsernames(db: Db, now = new Date()): Promise<Set<string>> {
  const keys = await blockedKeys(db, [USER, USER_ADDRESS], now);
  return new Set(keys.map(usernameOfKey).filter((username): username is string => username !== undefined));
}

/** The query of lockedUsernames as SQL, for a condition or column of a bigger query (`lower(username) in (…)`). */
export function lockedUsernamesQuery(now: Date | Placeholder = new Date()): SQL {
  const { key, blockedUntil } = throttleCounters;
  // the twin of usernameOfKey: the rest of a user key, or what follows the address's space in a pair key
  const username = sql`case when starts_with(${key}, ${USER}) then substr(${key}, ${USER.length + 1}::int) else substr(${key}, strpos(${key}, ' ') + 1) end`;
  return sql`select ${username} from ${throttleCounters} where ${and(gt(blockedUntil, now), or(sql`starts_with(${key}, ${USER})`, sql`starts_with(${key}, ${USER_ADDRESS})`))}`;
}

/** Forgets every sign-in failure of the usernames (their addresses' own counters stay). */
export async function unlockUsernames(db: Db, usernames: string[]): Promise<void> {
  const lowered = [...new Set(usernames.map((username) => username.toLowerCase()))];
  if (!lowered.length) return;
  await db.delete(throttleCounters).where(
    or(
      inArray(throttleCounters.key, lowered.map((username) => `${USER}${username}`)),
      // The username follows the address's space in a pair key.
      and(sql`starts_with(${throttleCounters.key}, ${USER_ADDRESS})`, inArray(sql`substr(${throttleCounters.key}, strpos(${throttleCounters.key}, ' ') + 1)`, lowered)),
    ),
  );
}
