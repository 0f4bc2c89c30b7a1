import { base, de, en, Faker } from '@faker-js/faker';
import { sql } from 'drizzle-orm';
import { usePasswordHashCost } from '../../server/auth/passwords';
import { insertCareRequests, vacuumCareRequests, type CareRequestRecord } from '../../server/care/store';
import type { Config } from '../../server/config';
import type { Db } from '../../server/db';
import { notifyOffice } from '../../server/intake/notify';
import type { AuditContext } from '../../server/shared/audit';
import type { BlobStorage } from '../../server/storage';
import { demoCareRequests } from './care';
import { seedCareWorkflow, type SeededRequest } from './care-workflow';
import { seedDemoFiles } from './files';
import { DEMO_MAIL_DOMAIN } from './mail-texts';
import { seedDemoMails } from './mails';
import { inBatches, valuesList } from './retime';
import { demoAdministrator, seedApiTokens, seedMailSetup, seedUsers, type DemoUserLine } from './setup';
import { careTally, type DemoTally } from './summary';
import { addDays, agencyDay, agencyMoment, DAY_MS, workdayAfter } from './timeline';

export { DEMO_USERS, type DemoUserLine } from './setup';

/**
 * `npm run seed:demo`: an installation as a newcomer should first see it, the story of a home-care agency's last twelve weeks,
 * made through the services' own store functions (so kept counts, search indexes and the audit trail are right), then dated:
 * panel users of every role; care requests of all form versions, most of the last twelve weeks, worked by the dispatchers
 * (care-story.ts), older ones closed and past the retention erased as the server would have; mail providers and accounts; the
 * office's mails and the intake's notices of those weeks in every state; the agency's files; API tokens of both services. It
 * only fills an installation that has none of these yet (users aside): run twice, it refuses and changes nothing.
 */

export const DEMO_SEED = 2016;
export const DEMO_CARE_REQUESTS = 250;

export interface DemoOptions {
  config: Config;
  storage: BlobStorage;
  /** The installation's secret key: mail account passwords are stored encrypted with it. */
  masterSecret: Buffer;
  /** The same seed and the same `now` give the same data; passwords and token values are random all the same. */
  seed?: number;
  now?: Date;
  careRequests?: number;
}

export interface DemoSummary {
  users: DemoUserLine[];
  careRequests: number;
  files: number;
  apiTokens: number;
  tally: DemoTally;
}

const EXISTING_CONTENT = {
  'care request(s)': sql`select count(*)::int as count from care_requests`,
  'mail(s)': sql`select count(*)::int as count from mails`,
  'mail provider(s)': sql`select count(*)::int as count from mail_providers`,
  'file(s)': sql`select count(*)::int as count from files`,
  'API token(s)': sql`select count(*)::int as count from api_tokens`,
};

/** What the installation holds already that seedDemo would add to, e.g. ["250 care request(s)", "6 file(s)"]; empty when it may seed. */
export async function existingContent(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const [what, query] of Object.entries(EXISTING_CONTENT)) {
    const result = (await db.execute(query)) as { rows: { count: number }[] };
    const count = Number(result.rows[0]?.count ?? 0);
    if (count > 0) found.push(`${count} ${what}`);
  }
  return found;
}

/** One generator per part of the demo, each from the seed: a change to one part leaves the others' data as they were. */
const PARTS = ['care', 'story', 'mails', 'files'] as const;
function fakers(seed: number): Record<(typeof PARTS)[number], Faker> {
  return Object.fromEntries(
    PARTS.map((part, index) => {
      const faker = new Faker({ locale: [de, en, base] });
      faker.seed(seed * PARTS.length + index);
      return [part, faker];
    }),
  ) as Record<(typeof PARTS)[number], Faker>;
}

/** When the agency went live with Caredesk (and imported its legacy requests): a morning thirteen weeks ago. */
function goLiveOf(now: Date): Date {
  return agencyMoment(workdayAfter(addDays(agencyDay(now), -13 * 7), 0), 9 * 60 + 30);
}

/** The intake's notices of the web-form requests since `from`, in the order they came in. */
function noticesQueuer(db: Db, config: Config, requests: SeededRequest[]) {
  const care = {
    ...config.care,
    notifySender: `anfragen@${DEMO_MAIL_DOMAIN}`,
    notifyRecipients: [`disposition@${DEMO_MAIL_DOMAIN}`],
  };
  return async (from: Date) => {
    const since = requests.filter(({ record }) => record.formVersion === '2016' && record.submitted >= from);
    since.sort((a, b) => a.record.submitted.getTime() - b.record.submitted.getTime());
    for (const { record, uid } of since) await notifyOffice(db, record, uid, care);
  };
}

/**
 * The requests, those past the contact retention without their contact data and dated erased when the housekeeping after their
 * cutoff would have erased it, so that the server's first housekeeping finds nothing to erase.
 */
async function seedCareRequests(db: Db, options: DemoOptions, faker: Faker, now: Date): Promise<SeededRequest[]> {
  const retentionMs = options.config.trust.careContactRetentionDays * DAY_MS;
  const cutoff = now.getTime() - retentionMs;
  const records: CareRequestRecord[] = demoCareRequests(options.careRequests ?? DEMO_CARE_REQUESTS, {
    care: options.config.care,
    now,
    faker,
  });
  const erased = records.map((record) => record.submitted.getTime() < cutoff);
  const uids = await insertCareRequests(
    db,
    records.map((record, index) => (erased[index] ? { ...record, personal: null } : record)),
  );
  const erasures = uids.flatMap((uid, index) =>
    erased[index]
      ? [
          [
            uid,
            new Date(
              Math.min(now.getTime(), records[index].submitted.getTime() + retentionMs + 3_600_000),
            ).toISOString(),
          ] as const,
        ]
      : [],
  );
  await inBatches(erasures, (batch) =>
    db.execute(
      sql`update care_requests set contact_erased_at = v.erased::timestamptz from (${valuesList(batch)}) as v(uid, erased) where care_requests.uid = v.uid::uuid`,
    ),
  );
  return records.map((record, index) => ({ uid: uids[index], record, erased: erased[index] }));
}

/**
 * Fills an installation that has no care requests, mails, mail providers, files nor API tokens; throws, changing nothing, when it
 * has. One transaction (the store functions' own ones nest in it): a run that fails leaves nothing behind but stored blobs, and
 * can simply be run again.
 */
export async function seedDemo(db: Db, options: DemoOptions): Promise<DemoSummary> {
  const summary = await db.transaction(async (tx) => {
    const existing = await existingContent(tx);
    if (existing.length) throw new DemoRefused(existing);
    const now = options.now ?? new Date();
    const goLive = goLiveOf(now);
    const faker = fakers(options.seed ?? DEMO_SEED);
    usePasswordHashCost(options.config.passwordHashCost);
    const users = await seedUsers(tx, goLive);
    const actor = await demoAdministrator(tx);
    const audit: AuditContext = { actor, address: null };
    const requests = await seedCareRequests(tx, options, faker.care, now);
    await seedCareWorkflow(tx, requests, options.config, now, faker.story);
    const provider = await seedMailSetup(tx, options.masterSecret, audit, goLive);
    const queueNotices = noticesQueuer(tx, options.config, requests);
    const mails = await seedDemoMails(tx, {
      config: options.config,
      provider,
      actor,
      audit,
      faker: faker.mails,
      now,
      queueNotices,
    });
    const files = await seedDemoFiles(tx, options.storage, audit, now, faker.files);
    const apiTokens = await seedApiTokens(tx, actor, audit, now, goLive);
    return {
      users,
      careRequests: requests.length,
      files: files.documents.length,
      apiTokens,
      tally: { care: await careTally(tx), mails, files },
    };
  });
  await vacuumCareRequests(db);
  return summary;
}

export class DemoRefused extends Error {
  constructor(readonly existing: string[]) {
    super(
      `This installation already has ${existing.join(', ')}; seed:demo only fills an empty one. Nothing was changed.`,
    );
  }
}
