import { and, isNull, lt, or } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db';
import { authenticationChallenges, deviceTokens, refreshTokens, secondFactors, sessions } from '../db/schema';
import { TOTP_PENDING_SECONDS } from './second-factors';
import type { HousekeepingJob } from '../shared/housekeeping';
import { longestThrottlePeriod } from './sign-in-throttle';
import { deleteStaleCounters } from '../authentication/throttle';

const secondsBefore = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

/**
 * Forgets sign-in state that can no longer matter: refresh tokens past their expiry, sessions that ended (revoked, or unused
 * for a whole refresh-token lifetime) that long ago, throttle counters older than any rule's period, expired challenges and device
 * tokens, and authenticator apps never confirmed in time.
 */
export function signInStateJob(config: Pick<Config, 'refreshTokenTtlSeconds' | 'throttle'>): HousekeepingJob {
  return {
    name: 'sign-in-state',
    async run(db, now) {
      const ended = secondsBefore(now, config.refreshTokenTtlSeconds);
      const tokens = await db
        .delete(refreshTokens)
        .where(lt(refreshTokens.expiresAt, now))
        .returning({ id: refreshTokens.id });
      const endedSessions = await db
        .delete(sessions)
        .where(or(lt(sessions.revokedAt, ended), lt(sessions.lastUsedAt, ended)))
        .returning({ family: sessions.family });
      const counters = await deleteStaleCounters(db, longestThrottlePeriod(config.throttle), now);
      return tokens.length + endedSessions.length + counters + (await deleteExpiredSecondFactorState(db, now));
    },
  };
}

async function deleteExpiredSecondFactorState(db: Db, now: Date): Promise<number> {
  const challenges = await db
    .delete(authenticationChallenges)
    .where(lt(authenticationChallenges.expiresAt, now))
    .returning({ hash: authenticationChallenges.tokenHash });
  const devices = await db
    .delete(deviceTokens)
    .where(lt(deviceTokens.expiresAt, now))
    .returning({ hash: deviceTokens.tokenHash });
  const unconfirmed = and(
    isNull(secondFactors.confirmedAt),
    lt(secondFactors.createdAt, secondsBefore(now, TOTP_PENDING_SECONDS)),
  );
  const pending = await db.delete(secondFactors).where(unconfirmed).returning({ uid: secondFactors.uid });
  return challenges.length + devices.length + pending.length;
}
