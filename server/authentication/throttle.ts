import { and, inArray, isNotNull, isNull, lt, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { throttleCounters } from '../db/schema';

/**
 * Failure counters on throttle_counters, one row per key. Every change of a key happens in a transaction that holds a
 * transaction-level advisory lock per key (taken in key order, so two attempts never wait on each other crosswise):
 * an attempt reserves a failure on all its keys before it is evaluated, so concurrent attempts can never exceed a limit.
 */

export interface ThrottleRule {
  key: string;
  /** Failures after which the key is blocked. */
  maxFailures: number;
  /**
   * Without growingWait: a fixed window from the first failure; reaching maxFailures blocks the key until the window ends.
   * With growingWait: the counter is forgotten this long after the last failure.
   */
  resetSeconds: number;
  /** From maxFailures on, each failure blocks the key for incrementSeconds, doubling with each further failure up to maxSeconds. */
  growingWait?: { incrementSeconds: number; maxSeconds: number };
}

interface CounterState {
  failures: number;
  windowStart: Date;
  lastFailureAt: Date;
  blockedUntil: Date | null;
}

const secondsBetween = (from: Date, to: Date) => Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 1000));
const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

/** Seconds the key stays blocked, or 0. */
const waitOf = (state: CounterState | undefined, now: Date) =>
  state?.blockedUntil && state.blockedUntil > now ? secondsBetween(now, state.blockedUntil) : 0;

/** The stored state, or a fresh one when the stored one has expired. */
function currentState(rule: ThrottleRule, stored: CounterState | undefined, now: Date): CounterState {
  const expiresFrom = rule.growingWait ? stored?.lastFailureAt : stored?.windowStart;
  if (!stored || !expiresFrom || (addSeconds(expiresFrom, rule.resetSeconds) <= now && waitOf(stored, now) === 0)) {
    return { failures: 0, windowStart: now, lastFailureAt: now, blockedUntil: null };
  }
  return stored;
}

function blockedUntil(rule: ThrottleRule, state: CounterState, now: Date): Date | null {
  if (state.failures < rule.maxFailures) return null;
  if (!rule.growingWait) return addSeconds(state.windowStart, rule.resetSeconds);
  const { incrementSeconds, maxSeconds } = rule.growingWait;
  const doublings = Math.min(state.failures - rule.maxFailures, 30);
  return addSeconds(now, Math.min(maxSeconds, incrementSeconds * 2 ** doublings));
}

function withFailure(rule: ThrottleRule, state: CounterState, now: Date): CounterState {
  const counted = { ...state, failures: state.failures + 1, lastFailureAt: now };
  return { ...counted, blockedUntil: blockedUntil(rule, counted, now) };
}

/**
 * Takes back a reserved failure (the attempt succeeded) and the block that it caused. A growing wait admitted the attempt, so it was
 * not blocked before: its wait goes, also above maxFailures (a right password that a second step follows keeps the failures).
 */
function withoutFailure(rule: ThrottleRule, state: CounterState, now: Date): CounterState {
  const counted = { ...state, failures: Math.max(0, state.failures - 1) };
  return { ...counted, blockedUntil: rule.growingWait ? null : blockedUntil(rule, counted, now) };
}

type Changes = Map<string, CounterState | null>;

/** Locks the rules' keys, reads them and writes what `decide` returns (null deletes a key). */
async function withCounters<T>(
  db: Db,
  rules: ThrottleRule[],
  decide: (states: Map<string, CounterState | undefined>) => { changes: Changes; result: T },
): Promise<T> {
  const keys = [...new Set(rules.map((rule) => rule.key))].sort();
  return db.transaction(async (tx) => {
    for (const key of keys)
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`throttle:${key}`}, 0))`);
    const rows = await tx.select().from(throttleCounters).where(inArray(throttleCounters.key, keys));
    const { changes, result } = decide(new Map(rows.map((row) => [row.key, row])));
    for (const [key, state] of changes) {
      if (state === null) {
        await tx.delete(throttleCounters).where(inArray(throttleCounters.key, [key]));
      } else {
        await tx
          .insert(throttleCounters)
          .values({ key, ...state })
          .onConflictDoUpdate({ target: throttleCounters.key, set: state });
      }
    }
    return result;
  });
}

/**
 * Reserves one failure on every rule's key, unless a key is blocked: then nothing is counted and the seconds until the
 * attempt may be made are returned (else 0). A succeeding attempt gives its reservation back with forgiveAttempt.
 */
export async function reserveAttempt(db: Db, rules: ThrottleRule[], now = new Date()): Promise<number> {
  return withCounters(db, rules, (stored) => {
    const states = rules.map((rule) => currentState(rule, stored.get(rule.key), now));
    const wait = Math.max(0, ...states.map((state) => waitOf(state, now)));
    const changes: Changes = new Map();
    if (wait === 0) rules.forEach((rule, index) => changes.set(rule.key, withFailure(rule, states[index], now)));
    return { changes, result: wait };
  });
}

/** After a success: the `clear` rules' keys are forgotten, the others give back the failure reserved for the attempt. */
export async function forgiveAttempt(
  db: Db,
  rules: ThrottleRule[],
  clear: (rule: ThrottleRule) => boolean,
  now = new Date(),
): Promise<void> {
  await withCounters(db, rules, (stored) => {
    const changes: Changes = new Map();
    for (const rule of rules) {
      const state = stored.get(rule.key);
      if (clear(rule)) changes.set(rule.key, null);
      else if (state) changes.set(rule.key, withoutFailure(rule, state, now));
    }
    return { changes, result: undefined };
  });
}

/** Counts one failure on the rule's key (checks that are cheap and checked before with secondsBlocked). */
export async function recordFailure(db: Db, rule: ThrottleRule, now = new Date()): Promise<void> {
  await withCounters(db, [rule], (stored) => ({
    changes: new Map([[rule.key, withFailure(rule, currentState(rule, stored.get(rule.key), now), now)]]),
    result: undefined,
  }));
}

/** Seconds the key stays blocked, or 0. */
export async function secondsBlocked(db: Db, key: string, now = new Date()): Promise<number> {
  const rows = await db
    .select()
    .from(throttleCounters)
    .where(inArray(throttleCounters.key, [key]));
  return waitOf(rows[0], now);
}

/** Forgets counters that can no longer block anything; `staleAfterSeconds` is the longest period of any rule. */
export async function deleteStaleCounters(db: Db, staleAfterSeconds: number, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(throttleCounters)
    .where(
      and(
        lt(throttleCounters.lastFailureAt, addSeconds(now, -staleAfterSeconds)),
        or(isNull(throttleCounters.blockedUntil), lt(throttleCounters.blockedUntil, now)),
      ),
    )
    .returning({ key: throttleCounters.key });
  return deleted.length;
}

/** Keys blocked now whose names start with one of the prefixes. */
export async function blockedKeys(db: Db, prefixes: string[], now = new Date()): Promise<string[]> {
  const rows = await db
    .select({ key: throttleCounters.key })
    .from(throttleCounters)
    .where(
      and(
        isNotNull(throttleCounters.blockedUntil),
        gt(throttleCounters.blockedUntil, now),
        or(...prefixes.map((prefix) => sql`starts_with(${throttleCounters.key}, ${prefix})`)),
      ),
    );
  return rows.map((row) => row.key);
}
