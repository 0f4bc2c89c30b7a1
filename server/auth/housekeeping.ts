import { lt, or } from 'drizzle-orm';
import type { Config } from '../config';
import { refreshTokens, sessions } from '../db/schema';
import type { HousekeepingJob } from '../shared/housekeeping';
import { longestThrottlePeriod } from './sign-in-throttle';
import { deleteStaleCounters } from '../authentication/throttle';

const secondsBefore = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

/**
 * Forgets sign-in state that can no longer matter: refresh tokens past their expiry, sessions that ended (revoked, or unused
 * for a whole refresh-token lifetime) that long ago, and throttle counters older than any rule's period.
 */
export function signInStateJob(config: Pick<Config, 'refreshTokenTtlSeconds' | 'throttle'>): HousekeepingJob {
  return {
    name: 'sign-in-state',
    async run(db, now) {
      const ended = secondsBefore(now, config.refreshTokenTtlSeconds);
      const tokens = await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, now)).returning({ id: refreshTokens.id });
      const endedSessions = await db
        .delete(sessions)
        .where(or(lt(sessions.revokedAt, ended), lt(sessions.lastUsedAt, ended)))
        .returning({ family: sessions.family });
      const counters = await deleteStaleCounters(db, longestThrottlePeriod(config.throttle), now);
      return tokens.length + endedSessions.length + counters;
    },
  };
}
