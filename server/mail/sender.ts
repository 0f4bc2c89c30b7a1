import type { MailConfig } from '../config';
import { deliveredReport, failedReport, refusedRecipients } from './attempts';
import type { ClaimedMail } from './claims';
import { createPasswordCipher, type PasswordCipher } from './credentials';
import { failureOf, permanentFailure, temporaryFailure, type Outcome } from './outcomes';
import { checkMail, messageIdOf } from './queue';
import { routeFor, type Route } from './routing';
import { TransportPools } from './transports';

/** A delivery may take this many SMTP timeouts in all before it is given up. */
const DEADLINE_TIMEOUTS = 4;

type SenderConfig = Pick<MailConfig, 'concurrency' | 'smtpTimeoutMs' | 'tlsVerify'>;

/** Makes the delivery attempts of claimed mails: checks the mail, picks its route, and sends it over the route's pooled connections. */
export class MailSender {
  private readonly cipher: PasswordCipher;
  private readonly pools: TransportPools;
  /** Ends a delivery that a server stalls by trickling its replies, which no socket timeout notices. */
  private readonly deadlineMs: number;
  /** Each delivery sending now, abortable by its deadline or, all at once, by shutdown. */
  private readonly sending = new Set<AbortController>();
  private interrupted = false;

  constructor(masterSecret: Buffer, config: SenderConfig) {
    this.cipher = createPasswordCipher(masterSecret);
    this.pools = new TransportPools({
      maxConnections: config.concurrency,
      smtpTimeoutMs: config.smtpTimeoutMs,
      tlsVerify: config.tlsVerify,
    });
    this.deadlineMs = Math.max(1000, DEADLINE_TIMEOUTS * config.smtpTimeoutMs);
  }

  async attempt(claim: ClaimedMail, routes: Route[]): Promise<Outcome> {
    const startedAt = new Date();
    try {
      checkMail({ sender: claim.sender, to: claim.to, cc: claim.cc, subject: claim.subject, message: claim.message });
    } catch (error) {
      return permanentFailure(`The stored mail is invalid: ${(error as Error).message}`, failedReport(startedAt, null));
    }
    const route = routeFor(routes, claim.sender);
    if (!route)
      return permanentFailure(`No account matches the sender ${claim.sender}.`, failedReport(startedAt, null));
    if (route === 'disabled')
      return temporaryFailure(
        `Every account that matches the sender ${claim.sender} is disabled.`,
        failedReport(startedAt, null),
      );
    const provider = { uid: route.provider.uid, name: route.provider.name ?? '', host: route.provider.host };
    const password = this.passwordOf(route);
    if (password === undefined) {
      return permanentFailure(
        'The stored SMTP password cannot be decrypted; was SECRET_KEY changed? Save the account credentials again.',
        failedReport(startedAt, provider),
      );
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
      return {
        kind: 'delivered',
        refused: refusedRecipients(sent),
        report: deliveredReport(startedAt, provider, sent),
      };
    } catch (error) {
      if (this.interrupted) return { kind: 'interrupted' };
      return {
        ...failureOf(error, this.deadlineMs / 1000),
        report: failedReport(startedAt, provider, error),
      } as Outcome;
    } finally {
      clearTimeout(deadline);
      this.sending.delete(abort);
    }
  }

  /** Aborts every delivery sending now; from then on an attempt that fails counts as interrupted (shutdown). */
  interruptAll() {
    this.interrupted = true;
    for (const abort of this.sending) abort.abort();
  }

  closeUnusedConnections() {
    this.pools.closeUnused();
  }

  closeAllConnections() {
    this.pools.closeAll();
  }

  private passwordOf(route: Route): string | null | undefined {
    if (route.encryptedPassword === null) return null;
    try {
      return this.cipher.decrypt(route.encryptedPassword, route.accountUid);
    } catch {
      return undefined;
    }
  }
}
