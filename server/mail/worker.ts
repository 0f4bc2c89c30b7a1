import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from '../config';
import type { Db } from '../db';
import { deliveredReport, failedReport } from './attempts';
import { claimDueMails, OutcomeMarks, releaseClaim, renewLeases, type ClaimedMail } from './claims';
import { createPasswordCipher, type PasswordCipher } from './credentials';
import { onMailsDue } from './notify';
import { backoffSeconds, failureOf, permanentFailure, refusedRecipients, type Outcome } from './outcomes';
import { checkMail, messageIdOf } from './queue';
import { routeFor, RoutesCache, type Route } from './routing';
import { TransportPools } from './transports';

interface MailWorkerOptions {
  db: Db;
  masterSecret: Buffer;
  config: MailConfig;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Told each recorded outcome (the metrics count them). */
  onOutcome?: (outcome: DeliveryOutcome) => void;
}

/** What became of one delivery attempt: sent, due again later, given up, or handed back unsent at shutdown. */
export type DeliveryOutcome = 'delivered' | 'retrying' | 'failed' | 'released';

export interface MailWorker {
  /** Starts delivering in the background. */
  start(): void;
  /**
   * Stops claiming, waits for the deliveries in flight (interrupting them after `graceMs`, the SMTP timeout by default, and
   * releasing their claims), closes all connections.
   */
  stop(graceMs?: number): Promise<void>;
  /** Whether start() was called and stop() was not. */
  isRunning(): boolean;
  /** Delivers every mail due now and waits for all outcomes; for tests and tools, instead of start(). */
  deliverDue(): Promise<number>;
}

const silentLog = { warn: () => undefined, error: () => undefined };
/** A delivery may take this many SMTP timeouts in all before it is given up. */
const DEADLINE_TIMEOUTS = 4;

/** Two slots, or a quarter of them with many: a claim per batch of freed slots, while the others keep sending. */
export const smallestClaimFor = (concurrency: number) => Math.min(concurrency, Math.max(2, Math.floor(concurrency / 4)));

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  return new DeliveryWorker(options);
}

class DeliveryWorker implements MailWorker {
  private readonly db: Db;
  private readonly config: MailConfig;
  private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  private readonly onOutcome: (outcome: DeliveryOutcome) => void;
  private readonly cipher: PasswordCipher;
  private readonly pools: TransportPools;
  private readonly outcomeMarks: OutcomeMarks;
  private readonly routes: RoutesCache;
  /** The fewest free slots worth a claim: claiming for every single freed slot cost a statement per mail. */
  private readonly smallestClaim: number;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly leased = new Set<ClaimedMail>();
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly wakeup = new Wakeup();
  /** Each delivery sending now, abortable by its deadline or, all at once, by shutdown. */
  private readonly sending = new Set<AbortController>();
  private interrupted = false;
  /** Ends a delivery that a server stalls by trickling its replies, which no socket timeout notices. */
  private readonly deadlineMs: number;
  private running = false;
  private loop: Promise<void> = Promise.resolve();
  private unsubscribe: () => void = () => undefined;

  constructor({ db, masterSecret, config, log, onOutcome }: MailWorkerOptions) {
    this.db = db;
    this.onOutcome = onOutcome ?? (() => undefined);
    this.config = config;
    this.log = log ?? silentLog;
    this.cipher = createPasswordCipher(masterSecret);
    this.outcomeMarks = new OutcomeMarks(db);
    this.routes = new RoutesCache(db);
    this.smallestClaim = smallestClaimFor(config.concurrency);
    this.pools = new TransportPools({ maxConnections: config.concurrency, smtpTimeoutMs: config.smtpTimeoutMs, tlsVerify: config.tlsVerify });
    this.deadlineMs = Math.max(1000, DEADLINE_TIMEOUTS * config.smtpTimeoutMs);
  }

  isRunning() {
    return this.running;
  }

  start() {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = onMailsDue(() => this.wakeup.notify());
    this.loop = this.run();
  }

  async stop(graceMs = this.config.smtpTimeoutMs) {
    this.running = false;
    this.unsubscribe();
    this.wakeup.notify();
    await this.loop;
    const grace = setTimeout(() => this.interruptAll(), graceMs);
    await Promise.allSettled(this.inFlight);
    clearTimeout(grace);
    this.stopHeartbeat();
    this.pools.closeAll();
  }

  async deliverDue(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const free = this.config.concurrency - this.inFlight.size;
      if (free < this.smallestClaim) {
        await Promise.race(this.inFlight);
        continue;
      }
      const claimed = await this.claimAndDeliver(free);
      delivered += claimed;
      if (claimed < free) break;
    }
    await Promise.allSettled(this.inFlight);
    if (!this.running) this.stopHeartbeat();
    return delivered;
  }

  private async run() {
    while (this.running) {
      let claimed = 0;
      const free = this.config.concurrency - this.inFlight.size;
      try {
        if (free >= this.smallestClaim) claimed = await this.claimAndDeliver(free);
        this.pools.closeUnused();
      } catch (error) {
        // Nothing may end the loop (an unhandled rejection would end the process): log, wait, try again.
        this.log.error({ err: error }, 'mail worker loop failed');
      }
      if (free < this.smallestClaim || claimed < free) await this.wakeup.wait(this.config.pollIntervalMs);
    }
  }

  /** Claims at most `free` mails (never more than it can send at once, which bounds duplicates after a crash) and starts them. */
  private async claimAndDeliver(free: number): Promise<number> {
    let claims: ClaimedMail[] = [];
    try {
      claims = await claimDueMails(this.db, free, this.config.leaseSeconds);
      if (claims.length === 0) return 0;
      this.startHeartbeat();
      // One statement, one version for all of its claims.
      const routes = await this.routes.routesFor(claims[0].routesVersion);
      for (const claim of claims) this.track(this.deliver(claim, routes));
      return claims.length;
    } catch (error) {
      this.log.error({ err: error }, 'claiming mails failed');
      await Promise.allSettled(claims.map((claim) => releaseClaim(this.db, claim)));
      return 0;
    }
  }

  /** Renews the leases of the deliveries in flight three times per lease, for as long as any run. */
  private startHeartbeat() {
    this.heartbeat ??= setInterval(() => {
      renewLeases(this.db, [...this.leased], this.config.leaseSeconds).catch((error: unknown) => this.log.error({ err: error }, 'renewing mail leases failed'));
    }, (this.config.leaseSeconds * 1000) / 3);
  }

  private stopHeartbeat() {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  private track(delivery: Promise<void>) {
    this.inFlight.add(delivery);
    void delivery.finally(() => {
      this.inFlight.delete(delivery);
      this.wakeup.notify();
    });
  }

  private async deliver(claim: ClaimedMail, routes: Route[]) {
    this.leased.add(claim);
    try {
      this.onOutcome(await this.record(claim, await this.attempt(claim, routes)));
    } catch (error) {
      // The lease runs out and the mail is delivered again later.
      this.log.error({ err: error, reference_uid: claim.referenceUid }, 'recording a delivery outcome failed');
    } finally {
      this.leased.delete(claim);
    }
  }

  private async attempt(claim: ClaimedMail, routes: Route[]): Promise<Outcome> {
    const startedAt = new Date();
    try {
      checkMail({ sender: claim.sender, to: claim.to, cc: claim.cc, subject: claim.subject, message: claim.message });
    } catch (error) {
      return permanentFailure(`The stored mail is invalid: ${(error as Error).message}`, failedReport(startedAt, null));
    }
    const route = routeFor(routes, claim.sender);
    if (!route) return permanentFailure(`No account matches the sender ${claim.sender}.`, failedReport(startedAt, null));
    const provider = { uid: route.provider.uid, name: route.provider.name ?? '', host: route.provider.host };
    const password = this.passwordOf(route);
    if (password === undefined) {
      return permanentFailure('The stored SMTP password cannot be decrypted; was SECRET_KEY changed? Save the account credentials again.', failedReport(startedAt, provider));
    }
    // A controller and a timer per delivery: AbortSignal.any() over AbortSignal.timeout() and a shared signal cost 5 % of the
    // server's time while delivering (bench profile).
    const abort = new AbortController();
    const deadline = setTimeout(() => abort.abort(), this.deadlineMs);
    this.sending.add(abort);
    try {
      const sent = await this.pools.transporterFor(route, password).sendMail({
        from: claim.sender,
        to: claim.to,
        cc: claim.cc,
        subject: claim.subject,
        text: claim.message,
        date: claim.requestedAt,
        messageId: messageIdOf(claim.referenceUid, claim.sender),
        signal: abort.signal,
      });
      return { kind: 'delivered', refused: refusedRecipients(sent), report: deliveredReport(startedAt, provider, sent) };
    } catch (error) {
      if (this.interrupted) return { kind: 'interrupted' };
      return { ...failureOf(error, this.deadlineMs / 1000), report: failedReport(startedAt, provider, error) } as Outcome;
    } finally {
      clearTimeout(deadline);
      this.sending.delete(abort);
    }
  }

  private interruptAll() {
    this.interrupted = true;
    for (const abort of this.sending) abort.abort();
  }

  private passwordOf(route: Route): string | null | undefined {
    if (route.encryptedPassword === null) return null;
    try {
      return this.cipher.decrypt(route.encryptedPassword, route.accountUid);
    } catch {
      return undefined;
    }
  }

  private async record(claim: ClaimedMail, outcome: Outcome): Promise<DeliveryOutcome> {
    if (outcome.kind === 'delivered') {
      if (outcome.refused.length > 0) {
        this.log.warn({ reference_uid: claim.referenceUid, refused: outcome.refused.length }, 'mail delivered, some recipients refused');
      }
      await this.outcomeMarks.mark({ kind: 'delivered', claim, refused: outcome.refused, report: outcome.report });
      return 'delivered';
    }
    if (outcome.kind === 'interrupted') {
      await releaseClaim(this.db, claim);
      return 'released';
    }
    this.log.warn({ reference_uid: claim.referenceUid, attempt: claim.attempts, error: outcome.errorMessage }, 'mail delivery failed');
    if (outcome.permanent || claim.attempts >= this.config.maxAttempts) {
      const errorMessage = outcome.permanent ? outcome.errorMessage : `${outcome.errorMessage} (gave up after ${claim.attempts} attempts)`;
      await this.outcomeMarks.mark({ kind: 'failed', claim, errorMessage, report: outcome.report });
      return 'failed';
    }
    const delaySeconds = backoffSeconds(claim.attempts, this.config.minBackoffSeconds, this.config.maxBackoffSeconds);
    await this.outcomeMarks.mark({ kind: 'retrying', claim, errorMessage: outcome.errorMessage, delaySeconds, report: outcome.report });
    return 'retrying';
  }
}

/** Lets the loop sleep until a timeout or until something worth a new claim happens; a notice while awake is kept for the next wait. */
class Wakeup {
  private pending = false;
  private wake: (() => void) | undefined;

  notify() {
    if (this.wake) this.wake();
    else this.pending = true;
  }

  wait(timeoutMs: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake?.(), timeoutMs);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }
}
