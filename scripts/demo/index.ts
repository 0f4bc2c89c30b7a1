import { randomBytes } from 'node:crypto';
import { fakerDE } from '@faker-js/faker';
import { sql } from 'drizzle-orm';
import { addApiToken, revokeApiToken } from '../../server/api-tokens/store';
import type { ApiTokenScope } from '../../contracts/api-tokens';
import { generatePassword, hashPassword } from '../../server/auth/passwords';
import { findPasswordLogin, insertUser, isUniqueViolation } from '../../server/auth/users';
import { insertCareRequests, vacuumCareRequests, type CareRequestRecord } from '../../server/care/store';
import type { Config } from '../../server/config';
import type { Db } from '../../server/db';
import { notifyOffice } from '../../server/intake/notify';
import { createAccount } from '../../server/mail/accounts';
import { createPasswordCipher } from '../../server/mail/credentials';
import { createProvider } from '../../server/mail/providers';
import type { AuditContext } from '../../server/shared/audit';
import type { BlobStorage } from '../../server/storage';
import { demoCareRequests } from './care';
import { seedCareWorkflow } from './care-workflow';
import { seedDemoFiles } from './files';
import { DEMO_MAIL_DOMAIN, seedDemoMails } from './mails';

/**
 * `npm run seed:demo`: an installation as a newcomer should first see it, every screen with data, made through the services'
 * own store functions (so kept counts, search indexes and the audit trail are right): panel users of every role, care requests
 * of all form versions (most of today's from the last twelve weeks, many archived versions completed), mail providers and
 * accounts, mails in every state, a few documents and API tokens of both services. It only fills an installation that has
 * none of these yet (users aside): run twice, it refuses and changes nothing.
 */

export const DEMO_SEED = 2016;
export const DEMO_CARE_REQUESTS = 250;

export const DEMO_USERS = [
  { username: 'petra.schulz', publicName: 'Petra Schulz', roles: ['administrator', 'ceo'] },
  { username: 'jonas.weber', publicName: 'Jonas Weber', roles: ['dispatcher'] },
  { username: 'aylin.demir', publicName: 'Aylin Demir', roles: ['dispatcher', 'recruiter'] },
  { username: 'marek.nowak', publicName: 'Marek Nowak', roles: ['recruiter'] },
  { username: 'ilona.kovacs', publicName: 'Ilona Kovács', roles: ['caregiver'] },
];

export interface DemoOptions {
  config: Config;
  storage: BlobStorage;
  /** The installation's secret key: mail account passwords are stored encrypted with it. */
  masterSecret: Buffer;
  /** The same seed (and the same `now`) gives the same data; passwords and token values are random all the same. */
  seed?: number;
  now?: Date;
  careRequests?: number;
}

export interface DemoUserLine {
  username: string;
  roles: string[];
  /** Shown once; null when the user existed already and was left unchanged. */
  password: string | null;
}

export interface DemoSummary {
  users: DemoUserLine[];
  careRequests: number;
  files: number;
  apiTokens: number;
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
    const result = (await db.execute(query)) as unknown as { rows: { count: number }[] };
    const count = Number(result.rows[0]?.count ?? 0);
    if (count > 0) found.push(`${count} ${what}`);
  }
  return found;
}

async function seedUsers(db: Db): Promise<DemoUserLine[]> {
  const lines: DemoUserLine[] = [];
  for (const user of DEMO_USERS) {
    const password = generatePassword(16);
    try {
      await insertUser(db, { ...user, passwordHash: await hashPassword(password) });
      lines.push({ username: user.username, roles: user.roles, password });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      lines.push({ username: user.username, roles: user.roles, password: null });
    }
  }
  return lines;
}

/** The demo's administrator, who set up mail, files and tokens (in the audit trail). */
async function demoAdministrator(db: Db) {
  const login = await findPasswordLogin(db, DEMO_USERS[0]!.username);
  if (!login) throw new Error(`The demo administrator ${DEMO_USERS[0]!.username} is missing.`);
  return { uid: login.user.uid, publicName: login.user.publicName };
}

async function seedMailSetup(db: Db, masterSecret: Buffer, audit: AuditContext) {
  const cipher = createPasswordCipher(masterSecret);
  const office = await createProvider(db, { name: 'Büro-Mailserver (Demo)', host: 'smtp.caredesk.invalid', port: 587, security: 'starttls' }, audit);
  const newsletter = await createProvider(db, { name: 'Newsletter-Dienst (Demo)', host: 'mail.newsletter-dienst.invalid', port: 465, security: 'ssl/tls', disabled: true }, audit);
  const credentials = { username: `versand@${DEMO_MAIL_DOMAIN}`, password: generatePassword(20) };
  await createAccount(db, cipher, { expression: `@${DEMO_MAIL_DOMAIN.replace('.', '\\.')}$`, provider: { uid: office.uid }, credentials }, audit);
  await createAccount(db, cipher, { expression: `^newsletter@${DEMO_MAIL_DOMAIN.replace('.', '\\.')}$`, provider: { uid: newsletter.uid }, credentials: null, disabled: true }, audit);
  return office;
}

const DAY_SECONDS = 86_400;

/** Tokens of both services: one without expiry, one expiring soon (the dashboard warns of it), one revoked. */
async function seedApiTokens(db: Db, administrator: { uid: string }, audit: AuditContext, now: Date): Promise<number> {
  const inDays = (days: number) => Math.floor(now.getTime() / 1000) + days * DAY_SECONDS;
  const tokens: { scope: ApiTokenScope; service: string; expires: number | null; revoked?: boolean }[] = [
    { scope: 'files', service: 'Buchhaltung (DATEV-Export)', expires: null },
    { scope: 'files', service: 'Dokumentenscanner Empfang', expires: inDays(10) },
    { scope: 'files', service: 'Altes Archivsystem', expires: null, revoked: true },
    { scope: 'pricing', service: 'Preisrechner Website', expires: inDays(365) },
    { scope: 'pricing', service: 'Partnerportal Pflegeteam Nord', expires: inDays(12) },
    { scope: 'pricing', service: 'Testumgebung Preisrechner', expires: null, revoked: true },
  ];
  for (const token of tokens) {
    // a real secret, never derived from the seed: a demo installation's tokens must not be guessable
    const added = await addApiToken(db, token.scope, { service: token.service, token: randomBytes(24).toString('base64url'), expires: token.expires }, administrator.uid, audit);
    if (token.revoked) await revokeApiToken(db, token.scope, added.uid, administrator.uid, audit);
  }
  return tokens.length;
}

const WEEK_MS = 7 * DAY_SECONDS * 1000;

/** The intake's notices of the web-form requests of the last week: the newest two still queued, the others delivered. */
function noticesQueuer(db: Db, config: Config, records: CareRequestRecord[], uids: string[], now: Date) {
  const care = { ...config.care, notifySender: `anfragen@${DEMO_MAIL_DOMAIN}`, notifyRecipients: [`disposition@${DEMO_MAIL_DOMAIN}`] };
  const lastWeek = records
    .map((record, index) => ({ record, uid: uids[index]! }))
    .filter(({ record }) => record.formVersion === '2016' && now.getTime() - record.submitted.getTime() < WEEK_MS)
    .sort((a, b) => a.record.submitted.getTime() - b.record.submitted.getTime());
  const queued = lastWeek.splice(-2);
  return async (which: 'delivered' | 'queued') => {
    for (const { record, uid } of which === 'delivered' ? lastWeek : queued) await notifyOffice(db, record, uid, care);
  };
}

async function seedCareRequests(db: Db, options: DemoOptions, now: Date) {
  fakerDE.seed(options.seed ?? DEMO_SEED);
  const records = demoCareRequests(options.careRequests ?? DEMO_CARE_REQUESTS, { care: options.config.care, now, faker: fakerDE });
  return { records, uids: await insertCareRequests(db, records) };
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
    const users = await seedUsers(tx);
    const actor = await demoAdministrator(tx);
    const audit: AuditContext = { actor, address: null };
    const { records, uids } = await seedCareRequests(tx, options, now);
    await seedCareWorkflow(tx, uids, options.config, now);
    const provider = await seedMailSetup(tx, options.masterSecret, audit);
    await seedDemoMails(tx, { config: options.config, provider, actor, audit, queueNotices: noticesQueuer(tx, options.config, records, uids, now) });
    const files = await seedDemoFiles(tx, options.storage, audit, now);
    const apiTokens = await seedApiTokens(tx, actor, audit, now);
    return { users, careRequests: records.length, files, apiTokens };
  });
  await vacuumCareRequests(db);
  return summary;
}

export class DemoRefused extends Error {
  constructor(readonly existing: string[]) {
    super(`This installation already has ${existing.join(', ')}; seed:demo only fills an empty one. Nothing was changed.`);
  }
}
