import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from '../config';
import type { Db } from '../db';
import { deliveredReport, failedReport, refusedRecipients } from './attempts';
import { PendingOutcomes, releaseClaim, renewLeases, type ClaimedMail, type MarkedOutcome } from './claims';
import { createPasswordCipher, type PasswordCipher } from './credentials';
import { onMailsDue } from './notify';
import { backoffSeconds, failureOf, permanentFailure, temporaryFailure, type Outcome } from './outcomes';
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

/** The deliveries in flight when stop() was called: how many finished (their outcome stored) and how many were handed back. */
export interface StoppedDeliveries {
  finished: number;
  handedBack: number;
}

/** What became of one delivery attempt: sent, due again later, given up, or handed back unsent at shutdown. */
export type DeliveryOutcome = 'delivered' | 'retrying' | 'failed' | 'released';

export interface MailWorker {
  /** Starts delivering in the background. */
  start(): void;
  /**
   * Stops claiming, waits for the deliveries in flight and stores their outcomes (interrupting those still sending after
   * `graceMs`, the SMTP timeout by default, and handing them back to the queue), closes all connections.
   */
  stop(graceMs?: number): Promise<StoppedDeliveries>;
  /** Whether start() was called and stop() was not. */
  isRunning(): boolean;
  /** Delivers every mail due now and waits for all outcomes; for tests and tools, instead of start(). */
  deliverDue(): Promise<number>;
}

const silentLog = { warn: () => undefined, error: () => undefined };
/** A delivery may take this many SMTP timeouts in all before it is given up. */
const DEADLINE_TIMEOUTS = 4;

/**
 * A statement claims once two slots at least are free, or a quarter of them with many, while the others keep sending: a claim scans
 * the due mails past those in flight, which on PGlite cost more than a statement per mail saved (bench: claiming with every outcome
 * 0.21x direct, with this 0.25x). Outcomes are recorded whatever their number.
 */
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
  private readonly outcomes = new PendingOutcomes();
  private readonly routes: RoutesCache;
  /** The fewest free slots worth a claim. */
  private readonly smallestClaim: number;
  /**
   * Every delivery from its claim until its outcome is stored (or its claim released): never more than the concurrency, the crash
   * bound (at most so many mails are sent again after a crash).
   */
  private readonly inFlight = new Set<Promise<void>>();
  /** A claim found fewer mails due than it asked for: no statement only to claim until mails are queued or the poll interval passes. */
  private exhausted = false;
  /** Counts the notices of mails queued, so that one arriving while a claim runs (which cannot see its mail) is not lost. */
  private dueNotices = 0;
  private claimedCount = 0;
  private readonly leased = new Set<ClaimedMail>();
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly wakeup = new Wakeup();
  /** Each delivery sending now, abortable by its deadline or, all at once, by shutdown. */
  private readonly sending = new Set<AbortController>();
  private interrupted = false;
  private handedBack = 0;
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
    this.unsubscribe = onMailsDue(() => {
      this.dueNotices += 1;
      this.exhausted = false;
      this.wakeup.notify();
    });
    this.loop = this.run();
  }

  async stop(graceMs = this.config.smtpTimeoutMs): Promise<StoppedDeliveries> {
    const inFlightAtStop = this.inFlight.size;
    this.handedBack = 0;
    this.running = false;
    this.unsubscribe();
    this.wakeup.notify();
    const grace = setTimeout(() => this.interruptAll(), graceMs);
    // The loop records the outcomes of the deliveries in flight, claiming nothing more, and ends when none is left (as does a
    // deliverDue() still running).
    await this.loop;
    await Promise.allSettled(this.inFlight);
    clearTimeout(grace);
    this.stopHeartbeat();
    this.pools.closeAll();
    return { finished: inFlightAtStop - this.handedBack, handedBack: this.handedBack };
  }

  async deliverDue(): Promise<number> {
    // Two loops would each claim for the same free slots.
    if (this.running) throw new Error('deliverDue() is for a worker that was not started');
    const claimedBefore = this.claimedCount;
    this.exhausted = false;
    while (!this.exhausted || this.inFlight.size > 0) await this.nextStatement({ claim: true, pollEndsExhaustion: false });
    if (!this.running) this.stopHeartbeat();
    return this.claimedCount - claimedBefore;
  }

  private async run() {
    while (this.running || this.inFlight.size > 0) {
      await this.nextStatement({ claim: this.running, pollEndsExhaustion: true });
      try {
        this.pools.closeUnused();
      } catch (error) {
        // Nothing may end the loop (an unhandled rejection would end the process).
        this.log.error({ err: error }, 'closing unused SMTP connections failed');
      }
    }
  }

  /**
   * Runs a statement if one is worth it (outcomes wait, or enough slots are free to claim while mails may be due); otherwise waits until
   * something changes: an outcome, mails queued, or the poll interval. A statement with outcomes claims even when the last claim
   * found the queue empty: it costs no round trip of its own.
   */
  private async nextStatement({ claim, pollEndsExhaustion }: { claim: boolean; pollEndsExhaustion: boolean }) {
    // Lets the event loop read the SMTP replies that arrived meanwhile, so that they are recorded together. PGlite needs this: it
    // runs a statement synchronously in this thread, so without the pause no reply is read while a statement runs.
    await new Promise((resolve) => setImmediate(resolve));
    const outcomes = this.outcomes.size;
    // In flight and not waiting: still sending (the last statement's outcomes left inFlight in microtasks, before this setImmediate).
    // The waiting outcomes' slots are free once the statement that records them commits, and it claims in the same commit.
    const free = this.config.concurrency - (this.inFlight.size - outcomes);
    const asked = claim && free >= this.smallestClaim && (outcomes > 0 || !this.exhausted) ? free : 0;
    if (outcomes > 0 || asked > 0) return this.statement(asked);
    const timedOut = await this.wakeup.wait(this.config.pollIntervalMs);
    if (timedOut && pollEndsExhaustion) this.exhausted = false;
  }

  /** Records every outcome waiting and claims up to `asked` due mails in one statement, and starts delivering them. */
  private async statement(asked: number) {
    const dueNotices = this.dueNotices;
    try {
      const claims = await this.outcomes.commit(this.db, asked, this.config.leaseSeconds);
      if (claims.length < asked && this.dueNotices === dueNotices) this.exhausted = true;
      this.claimedCount += claims.length;
      if (claims.length > 0) await this.startDelivering(claims);
    } catch (error) {
      // The outcomes' leases run out and their mails are delivered again; no statement only to claim before the next poll.
      this.exhausted = true;
      this.log.error({ err: error }, 'recording outcomes or claiming mails failed');
    }
  }

  private async startDelivering(claims: ClaimedMail[]) {
    this.startHeartbeat();
    let routes: Route[];
    try {
      // One statement, one version for all of its claims.
      routes = await this.routes.routesFor(claims[0].routesVersion);
    } catch (error) {
      await Promise.allSettled(claims.map((claim) => releaseClaim(this.db, claim)));
      throw error;
    }
    for (const claim of claims) this.track(this.deliver(claim, routes));
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
    if (route === 'disabled') return temporaryFailure(`Every account that matches the sender ${claim.sender} is disabled.`, failedReport(startedAt, null));
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

  /** Hands an outcome to the next statement and wakes the loop for it; settles once it is stored. */
  private store(outcome: MarkedOutcome): Promise<void> {
    const stored = this.outcomes.add(outcome);
    this.wakeup.notify();
    return stored;
  }

  private async record(claim: ClaimedMail, outcome: Outcome): Promise<DeliveryOutcome> {
    if (outcome.kind === 'delivered') {
      if (outcome.refused.length > 0) {
        this.log.warn({ reference_uid: claim.referenceUid, refused: outcome.refused.length }, 'mail delivered, some recipients refused');
      }
      await this.store({ kind: 'delivered', claim, refused: outcome.refused, report: outcome.report });
      return 'delivered';
    }
    if (outcome.kind === 'interrupted') {
      this.handedBack += 1;
      await releaseClaim(this.db, claim);
      return 'released';
    }
    this.log.warn({ reference_uid: claim.referenceUid, attempt: claim.attempts, error: outcome.errorMessage }, 'mail delivery failed');
    if (outcome.permanent || claim.attempts >= this.config.maxAttempts) {
      const errorMessage = outcome.permanent ? outcome.errorMessage : `${outcome.errorMessage} (no retries left: ${claim.attempts} attempts since it was queued)`;
      await this.store({ kind: 'failed', claim, errorMessage, report: outcome.report });
      return 'failed';
    }
    const delaySeconds = backoffSeconds(claim.attempts, this.config.minBackoffSeconds, this.config.maxBackoffSeconds);
    await this.store({ kind: 'retrying', claim, errorMessage: outcome.errorMessage, delaySeconds, report: outcome.report });
    return 'retrying';
  }
}

/**
 * Lets the loop sleep until a timeout or until something worth a new statement happens; a notice while awake is kept for the next
 * wait. wait() tells whether it timed out.
 */
class Wakeup {
  private pending = false;
  private wake: (() => void) | undefined;

  notify() {
    if (this.wake) this.wake();
    else this.pending = true;
  }

  wait(timeoutMs: number): Promise<boolean> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve(false);
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(true), timeoutMs);
      const finish = (timedOut: boolean) => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve(timedOut);
      };
      this.wake = () => finish(false);
    });
  }
}
