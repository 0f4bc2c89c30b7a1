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
 *   cannot lock its owner out, and below its threshold other addresses are not slowed at all;
 * - `second-step:<username>`: the username's wrong second factors from any addresses, in a fixed window: whoever knows the password
 *   may check at most `userMaxFailures` proofs per window, where the growing wait alone would let one more through after each wait.
 * A wrong second factor counts on all four, a wrong password on the first three. Only a completed sign-in forgets the username's keys.
 * Usernames are lower-cased; an address has no spaces, so the username is what follows the first space.
 */

const USER = 'user:';
const USER_ADDRESS = 'user+address:';
const SECOND_STEP = 'second-step:';

const usernameKey = (username: string) => `${USER}${username.toLowerCase()}`;

/** The keys of the username (not the address's): a completed sign-in forgets them. */
export const isUsernameKey = (rule: ThrottleRule) =>
  [USER, USER_ADDRESS, SECOND_STEP].some((prefix) => rule.key.startsWith(prefix));
/** For giving back a reservation without forgetting any failure. */
export const noKey = () => false;

/** Whether sign-in throttling is on (SIGN_IN_MAX_FAILURES=0 turns it off). */
export const signInThrottled = (config: ThrottleConfig) => config.userAddressMaxFailures > 0;

/** The address's own rule: what a sign-in without a username (a passkey) counts on. */
export const addressRuleOf = (config: ThrottleConfig, address: string): ThrottleRule => ({
  key: `address:${address}`,
  maxFailures: config.addressMaxFailures,
  resetSeconds: config.windowSeconds,
});

export const tooManySignInFailures = (retryAfterSeconds: number) =>
  new HttpProblem(
    429,
    'Too Many Requests',
    `Too many failed sign-in attempts. Try again in ${retryAfterSeconds} seconds.`,
    {
      type: problemType('too-many-sign-in-failures'),
      headers: { 'retry-after': String(retryAfterSeconds) },
    },
  );

/** A browser with a device token for the username counts its failures on the token (device-tokens.ts), not on the username's keys. */
export function signInRules(
  config: ThrottleConfig,
  username: string,
  address: string,
  { device = false } = {},
): ThrottleRule[] {
  const addressRule = addressRuleOf(config, address);
  if (device) return [addressRule];
  return [
    {
      key: `${USER_ADDRESS}${address} ${username.toLowerCase()}`,
      maxFailures: config.userAddressMaxFailures,
      resetSeconds: config.windowSeconds,
    },
    addressRule,
    {
      key: usernameKey(username),
      maxFailures: config.userMaxFailures,
      resetSeconds: config.userResetSeconds,
      growingWait: { incrementSeconds: config.waitIncrementSeconds, maxSeconds: config.maxWaitSeconds },
    },
  ];
}

/** The rules of a second step (a second factor after the right password): the sign-in's, and the username's wrong proofs. */
export function secondStepRules(
  config: ThrottleConfig,
  username: string,
  address: string,
  { device = false } = {},
): ThrottleRule[] {
  const rules = signInRules(config, username, address, { device });
  if (device) return rules;
  return [
    ...rules,
    {
      key: `${SECOND_STEP}${username.toLowerCase()}`,
      maxFailures: config.userMaxFailures,
      resetSeconds: config.windowSeconds,
    },
  ];
}

/** The longest time a counter can matter: older ones are deleted. */
export const longestThrottlePeriod = (config: ThrottleConfig) =>
  Math.max(config.windowSeconds, config.userResetSeconds + config.maxWaitSeconds, config.apiTokenWindowSeconds);

function usernameOfKey(key: string): string | undefined {
  if (key.startsWith(USER)) return key.slice(USER.length);
  if (key.startsWith(SECOND_STEP)) return key.slice(SECOND_STEP.length);
  if (key.startsWith(USER_ADDRESS)) return key.slice(key.indexOf(' ') + 1);
  return undefined;
}

/** Lower-cased usernames whose sign-in is blocked now, from every address or from some. */
export async function lockedUsernames(db: Db, now = new Date()): Promise<Set<string>> {
  const keys = await blockedKeys(db, [USER, SECOND_STEP, USER_ADDRESS], now);
  return new Set(keys.map(usernameOfKey).filter((username): username is string => username !== undefined));
}

/** The query of lockedUsernames as SQL, for a condition or column of a bigger query (`lower(username) in (…)`). */
export function lockedUsernamesQuery(now: Date | Placeholder = new Date()): SQL {
  const { key, blockedUntil } = throttleCounters;
  // the twin of usernameOfKey: the rest of a user or second-step key, or what follows the address's space in a pair key
  const username = sql`case when starts_with(${key}, ${USER}) then substr(${key}, ${USER.length + 1}::int)
    when starts_with(${key}, ${SECOND_STEP}) then substr(${key}, ${SECOND_STEP.length + 1}::int) else substr(${key}, strpos(${key}, ' ') + 1) end`;
  const ofUsername = or(...[USER, SECOND_STEP, USER_ADDRESS].map((prefix) => sql`starts_with(${key}, ${prefix})`));
  return sql`select ${username} from ${throttleCounters} where ${and(gt(blockedUntil, now), ofUsername)}`;
}

/** Forgets every sign-in failure of the usernames (their addresses' own counters stay). */
export async function unlockUsernames(db: Db, usernames: string[]): Promise<void> {
  const lowered = [...new Set(usernames.map((username) => username.toLowerCase()))];
  if (!lowered.length) return;
  await db.delete(throttleCounters).where(
    or(
      inArray(
        throttleCounters.key,
        lowered.flatMap((username) => [`${USER}${username}`, `${SECOND_STEP}${username}`]),
      ),
      // The username follows the address's space in a pair key.
      and(
        sql`starts_with(${throttleCounters.key}, ${USER_ADDRESS})`,
        inArray(sql`substr(${throttleCounters.key}, strpos(${throttleCounters.key}, ' ') + 1)`, lowered),
      ),
    ),
  );
}
