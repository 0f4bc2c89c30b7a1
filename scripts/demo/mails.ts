import type { Faker } from '@faker-js/faker';
import { sql } from 'drizzle-orm';
import type { Config } from '../../server/config';
import type { Db } from '../../server/db';
import { deliveredReport, failedReport, type AttemptReport } from '../../server/mail/attempts';
import { claimDueMails, recordAndClaim, type ClaimedMail, type MarkedOutcome } from '../../server/mail/claims';
import { cancelMail } from '../../server/mail/mail-log';
import { backoffSeconds, failureOf } from '../../server/mail/outcomes';
import { enqueueMail } from '../../server/mail/queue';
import type { ProviderOutput } from '../../contracts/mail';
import type { AuditContext } from '../../server/shared/audit';
import { officeMails, type DemoMail } from './mail-texts';
import { inBatches, retimeAuditEvents, valuesList } from './retime';
import { addDays, agencyDay, DAY_MS } from './timeline';

/**
 * Demo mails in every state over the last twelve weeks, made the way the worker makes them: queued by enqueueMail, claimed, and
 * their outcomes recorded with the worker's own reports; cancelled ones through the mail log's cancel; then each put at its
 * moment. The care intake's notices go out seconds after their requests came in. Nothing is sent: every address is in a reserved
 * domain (.example) and the demo providers' hosts end in .invalid, which no resolver answers.
 */

export { DEMO_MAIL_DOMAIN } from './mail-texts';

/** Weeks of mail the demo shows: the dashboard's twelve, within the mail retention (which would delete older ones at once). */
const MAIL_WEEKS = 12;

interface DemoMailContext {
  config: Config;
  provider: Pick<ProviderOutput, 'uid' | 'name' | 'host'>;
  /** The member of staff who cancels the cancelled ones. */
  actor: { uid: string; publicName: string };
  audit: AuditContext;
  faker: Faker;
  now: Date;
  /** Queue the care intake's notices of the web-form requests that came in since `from`. */
  queueNotices: (from: Date) => Promise<void>;
}

/** When a mail was requested, attempted, finished (delivered, failed or cancelled) and is due next. */
interface MailTimes {
  requested: Date;
  attempted?: Date;
  completed?: Date;
  next?: Date;
}

export interface MailTally {
  byState: Record<string, number>;
  days: number;
  first: Date | null;
}

const seconds = (date: Date, count: number) => new Date(date.getTime() + count * 1000);

function timesOf(faker: Faker, demo: Pick<DemoMail, 'state' | 'requested'>, config: Config): MailTimes {
  const attempted = seconds(demo.requested, faker.number.int({ min: 2, max: 12 }));
  switch (demo.state) {
    case 'queued':
      return { requested: demo.requested, next: demo.requested };
    case 'cancelled':
      return {
        requested: demo.requested,
        completed: seconds(demo.requested, faker.number.int({ min: 180, max: 2400 })),
      };
    case 'retrying':
      return {
        requested: demo.requested,
        attempted,
        next: seconds(attempted, backoffSeconds(1, config.mail.minBackoffSeconds, config.mail.maxBackoffSeconds)),
      };
    default:
      return {
        requested: demo.requested,
        attempted,
        completed: seconds(attempted, faker.number.int({ min: 1, max: 3 })),
      };
  }
}

function outcomeOf(
  demo: DemoMail | undefined,
  claim: ClaimedMail,
  attempted: Date,
  { config, provider }: DemoMailContext,
): MarkedOutcome {
  if (!demo || demo.state === 'delivered') {
    const report = deliveredReport(attempted, provider, {
      response: '250 2.0.0 Ok: queued as 4Xk2Lm0vQz',
      accepted: [...claim.to, ...claim.cc],
    });
    return { kind: 'delivered', claim, refused: [], report };
  }
  const failure = failureOf(demo.error, config.mail.leaseSeconds);
  const errorMessage = failure.kind === 'failed' ? failure.errorMessage : demo.error!.message;
  const report: AttemptReport = failedReport(attempted, provider, demo.error);
  if (demo.state === 'failed') return { kind: 'failed', claim, errorMessage, report };
  const delaySeconds = backoffSeconds(claim.attempts, config.mail.minBackoffSeconds, config.mail.maxBackoffSeconds);
  return { kind: 'retrying', claim, errorMessage, delaySeconds, report };
}

/** The notices the intake queued, each at the moment its request came in. */
async function noticeTimes(db: Db, faker: Faker, config: Config): Promise<Map<string, MailTimes>> {
  const result = (await db.execute(sql`
    select m.mail_uid as uid, r.submitted from care_request_mails m join care_requests r on r.uid = m.request_uid
    where m.kind = 'new-request' order by r.submitted`)) as {
    rows: { uid: string; submitted: string | Date }[];
  };
  return new Map(
    result.rows.map((row) => [
      row.uid,
      timesOf(faker, { state: 'delivered', requested: seconds(new Date(row.submitted), 1) }, config),
    ]),
  );
}

async function retimeMails(db: Db, times: Map<string, MailTimes>) {
  const iso = (date?: Date) => date?.toISOString() ?? null;
  const rows = [...times].map(
    ([uid, time]) => [uid, iso(time.requested), iso(time.completed), iso(time.next)] as const,
  );
  await inBatches(rows, async (batch) => {
    await db.execute(sql`
      update mails set requested_at = v.requested::timestamptz, next_attempt_at = v.next::timestamptz,
        completed_at = case when mails.state in ('delivered', 'failed') then v.completed::timestamptz end,
        cancelled_at = case when mails.state = 'cancelled' then v.completed::timestamptz end
      from (${valuesList(batch)}) as v(uid, requested, completed, next) where mails.reference_uid = v.uid::uuid`);
    await db.execute(sql`
      update care_request_mails set queued_at = v.requested::timestamptz
      from (${valuesList(batch)}) as v(uid, requested, completed, next) where care_request_mails.mail_uid = v.uid::uuid`);
  });
}

/** Queues, attempts and cancels the office's mails and the intake's notices, each at its moment; runs on an installation without mails. */
export async function seedDemoMails(db: Db, context: DemoMailContext): Promise<MailTally> {
  const { config, faker, now } = context;
  const from = agencyDay(
    new Date(now.getTime() - Math.min(MAIL_WEEKS * 7, config.trust.mailRetentionDays - 1) * DAY_MS),
  );
  const mails = officeMails(faker, addDays(from, 1), now);
  const byUid = new Map<string, DemoMail>();
  const times = new Map<string, MailTimes>();
  for (const demo of mails.filter((mail) => mail.state !== 'queued' && mail.state !== 'cancelled')) {
    const uid = await enqueueMail(db, demo.mail);
    byUid.set(uid, demo);
    times.set(uid, timesOf(faker, demo, config));
  }
  await context.queueNotices(new Date(`${addDays(from, 1)}T00:00:00Z`));
  for (const [uid, time] of await noticeTimes(db, faker, config)) times.set(uid, time);
  const claims = await claimDueMails(db, 100_000, config.mail.leaseSeconds);
  const outcomes = claims.map((claim) =>
    outcomeOf(byUid.get(claim.referenceUid), claim, times.get(claim.referenceUid)!.attempted!, context),
  );
  await recordAndClaim(db, outcomes, 0, config.mail.leaseSeconds);

  const cancels = [];
  for (const demo of mails.filter((mail) => mail.state === 'queued' || mail.state === 'cancelled')) {
    const uid = await enqueueMail(db, demo.mail);
    times.set(uid, timesOf(faker, demo, config));
    if (demo.state !== 'cancelled') continue;
    await cancelMail(db, uid, context.actor, context.audit);
    cancels.push({ action: 'mail.cancel' as const, targetId: uid, time: times.get(uid)!.completed! });
  }
  await retimeMails(db, times);
  await retimeAuditEvents(db, cancels);
  return tallyOf(mails, times);
}

function tallyOf(mails: DemoMail[], times: Map<string, MailTimes>): MailTally {
  const byState: Record<string, number> = {};
  for (const mail of mails) byState[mail.state] = (byState[mail.state] ?? 0) + 1;
  byState.delivered = (byState.delivered ?? 0) + (times.size - mails.length);
  const moments = [...times.values()].map((time) => time.requested);
  const first = moments.length ? new Date(Math.min(...moments.map((moment) => moment.getTime()))) : null;
  return { byState, days: new Set(moments.map(agencyDay)).size, first };
}
