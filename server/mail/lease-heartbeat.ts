import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { renewLeases, type ClaimedMail } from './claims';

/** Renews the leases of the deliveries in flight three times per lease, for as long as any run. */
export class LeaseHeartbeat {
  private readonly leased = new Set<ClaimedMail>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly leaseSeconds: number,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  /** Renews the claim's lease from the next beat on, until release(). */
  hold(claim: ClaimedMail) {
    this.leased.add(claim);
  }

  release(claim: ClaimedMail) {
    this.leased.delete(claim);
  }

  start() {
    this.timer ??= setInterval(
      () => {
        renewLeases(this.db, [...this.leased], this.leaseSeconds).catch((error: unknown) =>
          this.log.error({ err: error }, 'renewing mail leases failed'),
        );
      },
      (this.leaseSeconds * 1000) / 3,
    );
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
