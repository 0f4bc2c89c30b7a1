import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database, Db } from '../db';
import type { Listening } from '../db/listener';
import type { AccessTokenClaims } from './access-tokens';
import type { Permission } from '../shared/permissions';
import type { SecondFactorFacts } from './users';

/**
 * The authentication's per-process memory (docs/performance.md): verified access tokens until their `exp`, and users (ban, roles,
 * permissions) until a change of theirs is announced or USER_MAX_AGE_MS has passed. Writers change users through `UserChanges`,
 * which tells this process right after the commit and, on PostgreSQL, every other process by NOTIFY in the same transaction.
 */

/** A user as the authentication admits them. */
export interface KnownUser {
  uid: string;
  publicName: string;
  roles: string[];
  banned: boolean;
  /** What the roles grant under the access policy in force. */
  permissions: Permission[];
  /** The sessions whose access tokens are admitted: not ended, and used within an access token's lifetime. */
  liveSessions: ReadonlySet<string>;
  secondFactor: SecondFactorFacts;
}

export interface AuthCacheLimits {
  maxTokens: number;
  maxUsers: number;
  /** A safety net: a cached user is read again after this long, whatever was (not) announced. */
  userMaxAgeMs: number;
}

export const AUTH_CACHE_LIMITS: AuthCacheLimits = { maxTokens: 10_000, maxUsers: 10_000, userMaxAgeMs: 30_000 };

interface StoredUser {
  user: KnownUser;
  storedAt: number;
}

/** Which users changed: some, or everyone (a role policy change). */
export type UserChange = { users: string[] } | 'everyone';

export class AuthCache {
  private readonly tokens: LRUCache<string, AccessTokenClaims>;
  private readonly users: LRUCache<string, StoredUser>;
  /** Sessions found ended: they never come back, so their tokens are refused without another read. */
  private readonly endedSessions: LRUCache<string, true>;
  /** Bumped by every change: a user read before a change is not stored after it. */
  private generation = 0;
  /** False while changes could go unannounced (the LISTEN connection is down): users are read through, not kept. */
  private keepingUsers: boolean;
  private readonly now: () => number;

  constructor(
    private readonly limits: AuthCacheLimits = AUTH_CACHE_LIMITS,
    { keepingUsers = true, now = Date.now }: { keepingUsers?: boolean; now?: () => number } = {},
  ) {
    this.tokens = new LRUCache({ max: limits.maxTokens });
    this.users = new LRUCache({ max: limits.maxUsers });
    this.endedSessions = new LRUCache({ max: limits.maxTokens });
    this.keepingUsers = keepingUsers;
    this.now = now;
  }

  /** A verified token's claims while it has not expired. */
  claimsOf(token: string): AccessTokenClaims | undefined {
    const claims = this.tokens.get(token);
    if (!claims) return undefined;
    if (claims.expires * 1000 > this.now()) return claims;
    this.tokens.delete(token);
    return undefined;
  }

  rememberClaims(token: string, claims: AccessTokenClaims) {
    this.tokens.set(token, claims);
  }

  hasEnded(sessionFamily: string): boolean {
    return this.endedSessions.has(sessionFamily);
  }

  rememberEnded(sessionFamily: string) {
    this.endedSessions.set(sessionFamily, true);
  }

  userOf(uid: string): KnownUser | undefined {
    const stored = this.users.get(uid);
    if (!stored) return undefined;
    if (this.now() - stored.storedAt < this.limits.userMaxAgeMs) return stored.user;
    this.users.delete(uid);
    return undefined;
  }

  /** Where a user read starts: pass it to rememberUser with what was read. */
  get readMark(): number {
    return this.generation;
  }

  rememberUser(user: KnownUser, readMark: number) {
    if (this.keepingUsers && readMark === this.generation) this.users.set(user.uid, { user, storedAt: this.now() });
  }

  forget(change: UserChange) {
    this.generation++;
    if (change === 'everyone') this.users.clear();
    else for (const uid of change.users) this.users.delete(uid);
  }

  /** Changes may be missed from now on (false) or are announced again (true); either way what is kept may be stale. */
  setKeepingUsers(keeping: boolean) {
    this.keepingUsers = keeping;
    this.forget('everyone');
  }
}

/** How the auth service's writers change users: in a transaction that every process's AuthCache hears of. */
export interface UserChanges {
  transaction<T>(db: Db, change: UserChange, work: (tx: Db) => Promise<T>): Promise<T>;
}

export const USER_CHANGES_CHANNEL = 'caredesk_user_changes';
/** PostgreSQL refuses a NOTIFY payload from 8000 bytes; a change of more users than fit says 'everyone'. */
const LONGEST_PAYLOAD = 7_000;
/** How long a writer waits for the other processes to confirm they heard its change. */
const ACK_WAIT_MS = 1_000;

/**
 * Notifications: a change `<process>:<sequence>:<uid,uid…>` (`…:*` for everyone), and a listener's confirmation that it forgot it,
 * `ack:<process>:<sequence>`.
 */
const changePayload = (sender: string, sequence: number, change: UserChange) => {
  const uids = change === 'everyone' ? '*' : change.users.join(',');
  return `${sender}:${sequence}:${uids.length > LONGEST_PAYLOAD ? '*' : uids}`;
};

function parseChange(payload: string): { sender: string; sequence: number; change: UserChange } {
  const [sender = '', sequence = '', uids = '*'] = payload.split(':');
  return {
    sender,
    sequence: Number(sequence),
    change: uids === '*' || uids === '' ? 'everyone' : { users: uids.split(',') },
  };
}

export interface UserChangeFeed {
  changes: UserChanges;
  /** Resolves once the feed listens (or the first attempt failed, in which case users are read through until it listens). */
  started: Promise<void>;
  stop: () => Promise<void>;
}

/** The listening connections of the processes on this database (each process keeps one, for the channel only). */
const listenersOf = (tx: Db) =>
  tx.execute<{ count: number }>(
    sql`select count(*)::int as count from pg_stat_activity where datname = current_database() and query = ${`listen "${USER_CHANGES_CHANNEL}"`}`,
  );

/**
 * The change feed of one process. On PostgreSQL the writer's transaction NOTIFYs (delivered to every listener on commit) and a dedicated
 * connection LISTENs; while that connection is down the cache keeps no users. The writer forgets its change itself right after the
 * commit; every other listening process forgets it when notified and confirms, and the writer answers once all have confirmed (at most
 * ACK_WAIT_MS), so the next request anywhere finds the change heard. PGlite serves one process: the writer's own forgetting suffices.
 */
export function userChangeFeed(database: Pick<Database, 'listen'> & { db?: Db }, cache: AuthCache): UserChangeFeed {
  const sender = randomUUID();
  let sequence = 0;
  let listening: Listening | undefined;
  const waiting = new Map<number, { acks: number; expected: number; done: () => void }>();
  const ackPrefix = `ack:${sender}:`;

  function heard(payload: string) {
    if (payload.startsWith('ack:')) {
      if (!payload.startsWith(ackPrefix)) return;
      const waiter = waiting.get(Number(payload.slice(ackPrefix.length)));
      if (waiter && ++waiter.acks >= waiter.expected) waiter.done();
      return;
    }
    const notification = parseChange(payload);
    if (notification.sender === sender) return;
    cache.forget(notification.change);
    void database.db
      ?.execute(
        sql`select pg_notify(${USER_CHANGES_CHANNEL}, ${`ack:${notification.sender}:${notification.sequence}`})`,
      )
      .catch(() => undefined);
  }

  if (database.listen) {
    cache.setKeepingUsers(false);
    listening = database.listen(USER_CHANGES_CHANNEL, {
      message: heard,
      lost: () => cache.setKeepingUsers(false),
      listening: () => cache.setKeepingUsers(true),
    });
  }

  function confirmations(number: number, expected: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waiting.delete(number);
        resolve();
      };
      const timer = setTimeout(done, ACK_WAIT_MS);
      waiting.set(number, { acks: 0, expected, done });
    });
  }

  const changes: UserChanges = {
    async transaction(db, change, work) {
      const number = ++sequence;
      let confirmed: Promise<void> | undefined;
      let committed = false;
      try {
        const result = await db.transaction(async (tx) => {
          const done = await work(tx);
          if (listening) {
            const [{ count }] = (await listenersOf(tx)).rows;
            // this process's own listener is among them, unless it is down
            if (count > 1) confirmed = confirmations(number, count - 1);
            await tx.execute(sql`select pg_notify(${USER_CHANGES_CHANNEL}, ${changePayload(sender, number, change)})`);
          }
          return done;
        });
        committed = true;
        return result;
      } finally {
        cache.forget(change);
        if (committed) await confirmed;
        else waiting.get(number)?.done();
      }
    },
  };
  return { changes, started: listening?.started ?? Promise.resolve(), stop: async () => listening?.stop() };
}
