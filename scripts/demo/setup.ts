import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addApiToken, revokeApiToken } from '../../server/api-tokens/store';
import type { ApiTokenScope } from '../../contracts/api-tokens';
import { generatePassword, hashPassword } from '../../server/auth/passwords';
import { findPasswordLogin, insertUser, isUniqueViolation } from '../../server/auth/users';
import type { Db } from '../../server/db';
import { createAccount } from '../../server/mail/accounts';
import { createPasswordCipher } from '../../server/mail/credentials';
import { createProvider } from '../../server/mail/providers';
import type { AuditContext } from '../../server/shared/audit';
import { DEMO_MAIL_DOMAIN } from './mail-texts';
import { retimeAuditEvents, valuesList, type AuditMoment } from './retime';
import { addDays, agencyDay, agencyMoment, DAY_MS, workdayBefore } from './timeline';

/**
 * How the demo agency set Caredesk up when it went live: its staff, the mail server and accounts, the API tokens of the services
 * that call it. Made through the services' own functions, then dated: the setup to the go-live day, each token to its own day.
 */

export const DEMO_USERS = [
  { username: 'petra.schulz', publicName: 'Petra Schulz', roles: ['administrator', 'ceo'] },
  { username: 'jonas.weber', publicName: 'Jonas Weber', roles: ['dispatcher'] },
  { username: 'aylin.demir', publicName: 'Aylin Demir', roles: ['dispatcher', 'recruiter'] },
  { username: 'marek.nowak', publicName: 'Marek Nowak', roles: ['recruiter'] },
  { username: 'ilona.kovacs', publicName: 'Ilona Kovács', roles: ['caregiver'] },
];

export interface DemoUserLine {
  username: string;
  roles: string[];
  /** Shown once; null when the user existed already and was left unchanged. */
  password: string | null;
}

const minutesAfter = (moment: Date, minutes: number) => new Date(moment.getTime() + minutes * 60_000);

/** The demo's users, new ones dated to the go-live; existing ones are left as they are. */
export async function seedUsers(db: Db, goLive: Date): Promise<DemoUserLine[]> {
  const lines: DemoUserLine[] = [];
  const created: string[] = [];
  for (const user of DEMO_USERS) {
    const password = generatePassword(16);
    try {
      created.push(await insertUser(db, { ...user, passwordHash: await hashPassword(password) }));
      lines.push({ username: user.username, roles: user.roles, password });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      lines.push({ username: user.username, roles: user.roles, password: null });
    }
  }
  if (created.length) {
    await db.execute(
      sql`update users set created_at = ${goLive.toISOString()}::timestamptz where uid in (${sql.join(
        created.map((uid) => sql`${uid}::uuid`),
        sql`, `,
      )})`,
    );
  }
  return lines;
}

/** The demo's administrator, who set up mail, files and tokens (in the audit trail). */
export async function demoAdministrator(db: Db) {
  const login = await findPasswordLogin(db, DEMO_USERS[0].username);
  if (!login) throw new Error(`The demo administrator ${DEMO_USERS[0].username} is missing.`);
  return { uid: login.user.uid, publicName: login.user.publicName };
}

/** Two providers (one disabled) and two accounts, set up on the go-live day. */
export async function seedMailSetup(db: Db, masterSecret: Buffer, audit: AuditContext, goLive: Date) {
  const cipher = createPasswordCipher(masterSecret);
  const office = await createProvider(
    db,
    { name: 'Büro-Mailserver (Demo)', host: 'smtp.caredesk.invalid', port: 587, security: 'starttls' },
    audit,
  );
  const newsletter = await createProvider(
    db,
    {
      name: 'Newsletter-Dienst (Demo)',
      host: 'mail.newsletter-dienst.invalid',
      port: 465,
      security: 'ssl/tls',
      disabled: true,
    },
    audit,
  );
  const credentials = { username: `versand@${DEMO_MAIL_DOMAIN}`, password: generatePassword(20) };
  const domain = DEMO_MAIL_DOMAIN.replace('.', '\\.');
  const main = await createAccount(
    db,
    cipher,
    { expression: `@${domain}$`, provider: { uid: office.uid }, credentials },
    audit,
  );
  const second = await createAccount(
    db,
    cipher,
    { expression: `^newsletter@${domain}$`, provider: { uid: newsletter.uid }, credentials: null, disabled: true },
    audit,
  );
  const providers = [office.uid, newsletter.uid];
  await db.execute(
    sql`update mail_providers set created_at = ${goLive.toISOString()}::timestamptz where uid in (${sql.join(
      providers.map((uid) => sql`${uid}::uuid`),
      sql`, `,
    )})`,
  );
  await retimeAuditEvents(db, [
    ...providers.map((uid, index) => ({
      action: 'mail-provider.create' as const,
      targetId: uid,
      time: minutesAfter(goLive, 10 + index),
    })),
    ...[main.uid, second.uid].map((uid, index) => ({
      action: 'mail-account.create' as const,
      targetId: uid,
      time: minutesAfter(goLive, 14 + index),
    })),
  ]);
  return office;
}

/** Tokens of both services: one without expiry, one expiring soon (the dashboard warns of it), one revoked; each added on its day. */
export async function seedApiTokens(
  db: Db,
  administrator: { uid: string },
  audit: AuditContext,
  now: Date,
  goLive: Date,
): Promise<number> {
  const inDays = (days: number) => Math.floor(now.getTime() / 1000) + days * 86_400;
  const tokens: {
    scope: ApiTokenScope;
    service: string;
    expires: number | null;
    addedAfterGoLive: number;
    revokedDaysAgo?: number;
  }[] = [
    { scope: 'files', service: 'Buchhaltung (DATEV-Export)', expires: null, addedAfterGoLive: 1 },
    { scope: 'files', service: 'Dokumentenscanner Empfang', expires: inDays(10), addedAfterGoLive: 8 },
    { scope: 'files', service: 'Altes Archivsystem', expires: null, addedAfterGoLive: 0, revokedDaysAgo: 20 },
    { scope: 'pricing', service: 'Preisrechner Website', expires: inDays(365), addedAfterGoLive: 2 },
    { scope: 'pricing', service: 'Partnerportal Pflegeteam Nord', expires: inDays(12), addedAfterGoLive: 30 },
    { scope: 'pricing', service: 'Testumgebung Preisrechner', expires: null, addedAfterGoLive: 3, revokedDaysAgo: 6 },
  ];
  const moments: AuditMoment[] = [];
  const dates: [string, string, string | null][] = [];
  for (const token of tokens) {
    // a real secret, never derived from the seed: a demo installation's tokens must not be guessable
    const added = await addApiToken(
      db,
      token.scope,
      { service: token.service, token: randomBytes(24).toString('base64url'), expires: token.expires },
      administrator.uid,
      audit,
    );
    const created = minutesAfter(new Date(goLive.getTime() + token.addedAfterGoLive * DAY_MS), 30);
    const revoked =
      token.revokedDaysAgo === undefined
        ? null
        : agencyMoment(workdayBefore(addDays(agencyDay(now), -token.revokedDaysAgo), 0), 10 * 60 + 15);
    if (revoked) await revokeApiToken(db, token.scope, added.uid, administrator.uid, audit);
    moments.push(
      { action: 'api-token.create', targetId: added.uid, time: created },
      ...(revoked ? [{ action: 'api-token.revoke' as const, targetId: added.uid, time: revoked }] : []),
    );
    dates.push([added.uid, created.toISOString(), revoked?.toISOString() ?? null]);
  }
  await db.execute(sql`
    update api_tokens set created = v.created::timestamptz, revoked = coalesce(v.revoked::timestamptz, api_tokens.revoked)
    from (${valuesList(dates)}) as v(uid, created, revoked) where api_tokens.uid = v.uid::uuid`);
  await retimeAuditEvents(db, moments);
  return tokens.length;
}
