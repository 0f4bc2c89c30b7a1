import { eq } from 'drizzle-orm';
import { insertCareRequests } from '../../../server/care/store';
import { apiTokens, mails } from '../../../server/db/schema';
import { recountFiles } from '../../../server/files';
import { keptCounts } from '../../../server/db/schema';
import { pagingRecords } from '../../fixtures/care-records';
import { createFilesTestApp, FILES, PRICING, upload } from '../support/files-helpers';
import { AUTH, basic, testConfig, uniqueAddress } from '../support/helpers';
import { aMail, MAIL, sendMail } from '../support/mail-helpers';

/**
 * The dashboard's statistics routes (docs/api.md, Statistics) against known data, on whichever database TEST_DATABASE_URL
 * names. Days and weeks are the agency's (Europe/Berlin); the expectations compute them here with Intl, independently of
 * the database.
 */

const ZONE = 'Europe/Berlin';
const throttle = { ...testConfig().throttle, userAddressMaxFailures: 3, addressMaxFailures: 100, windowSeconds: 600 };
let t: Awaited<ReturnType<typeof createFilesTestApp>>;
beforeAll(async () => {
  t = await createFilesTestApp({ throttle });
}, 60_000);
afterAll(() => t?.cleanUp());

const statistics = (url: string, token?: string) => t.as({ method: 'GET', url, token });

/** The calendar date of an instant in Berlin, as [year, month (1-12), day]. */
function berlinDate(instant: Date): [number, number, number] {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
  const [year, month, day] = parts.split('-').map(Number);
  return [year, month, day];
}

/** The instant of 00:00 in Berlin on a calendar date (day may overflow; Date.UTC normalises it). */
function berlinMidnight(year: number, month: number, day: number): Date {
  const utcMidnight = Date.UTC(year, month - 1, day);
  const offsetOf = (instant: number) => {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'longOffset' })
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')!.value;
    const match = /GMT([+-])(\d\d):(\d\d)/.exec(name);
    return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000 : 0;
  };
  return new Date(utcMidnight - offsetOf(utcMidnight - offsetOf(utcMidnight)));
}

const isoDate = (instant: Date) =>
  berlinDate(instant)
    .map((part, index) => String(part).padStart(index ? 2 : 4, '0'))
    .join('-');

/** Monday 00:00 in Berlin of the week `weeksBack` weeks before the current one. */
function berlinWeekStart(weeksBack: number, now = new Date()): Date {
  const [year, month, day] = berlinDate(now);
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  return berlinMidnight(year, month, day - weekday - 7 * weeksBack);
}

describe('GET /api/mail/administration/statistics/', () => {
  test('counts queued, retrying and failed mails and those delivered since 00:00 in Berlin', async () => {
    const uids: string[] = [];
    for (let index = 0; index < 9; index++) uids.push(await sendMail(t, aMail({ subject: `statistics ${index}` })));
    const todayStart = berlinMidnight(...berlinDate(new Date()));
    const set = (uid: string, values: Partial<typeof mails.$inferInsert>) =>
      t.db.update(mails).set(values).where(eq(mails.referenceUid, uid));
    await set(uids[0], { state: 'retrying', nextAttemptAt: new Date(Date.now() + 60_000) });
    await set(uids[1], { state: 'retrying', nextAttemptAt: new Date(Date.now() + 60_000) });
    await set(uids[2], { state: 'failed', completedAt: new Date() });
    await set(uids[3], { state: 'delivered', completedAt: todayStart });
    await set(uids[4], { state: 'delivered', completedAt: new Date() });
    await set(uids[5], { state: 'delivered', completedAt: new Date(todayStart.getTime() - 1000) });
    await set(uids[6], { state: 'cancelled', cancelledAt: new Date(), cancelledBy: 'admin' });

    const response = await statistics(`${MAIL}/administration/statistics/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      queued: 2,
      retrying: 2,
      failed: 1,
      delivered_today: 2,
      today: isoDate(new Date()),
      time_zone: ZONE,
    });
  });
});

describe('GET /api/care/statistics/', () => {
  test('twelve Berlin ISO weeks, oldest first, each request in the week of its Berlin time, with the territory shares', async () => {
    const current = berlinWeekStart(0);
    const oldest = berlinWeekStart(11);
    const at = (instant: Date, territory: 'core' | 'optional' | 'both' | 'none') => ({ instant, territory });
    const placed = [
      at(current, 'core'),
      at(new Date(), 'optional'),
      at(new Date(current.getTime() - 1000), 'core'),
      at(new Date(current.getTime() - 1000), 'none'),
      // an imported request may carry both flags: it counts as core, like the panel's territory of a request
      at(new Date(current.getTime() - 2000), 'both'),
      at(oldest, 'optional'),
      at(new Date(oldest.getTime() - 1000), 'core'),
    ];
    const records = pagingRecords(placed.length).map((record, index) => ({
      ...record,
      legacyId: `STAT${index}`,
      submitted: placed[index].instant,
      incoming: {
        ...record.incoming,
        core_territory: ['core', 'both'].includes(placed[index].territory),
        optional_territory: ['optional', 'both'].includes(placed[index].territory),
      },
    }));
    await t.db.transaction((tx) => insertCareRequests(tx, records));

    const response = await statistics('/api/care/statistics/');
    expect(response.statusCode).toBe(200);
    const { time_zone, weeks } = response.json<{
      time_zone: string;
      weeks: { week: string; starts: string; requests: number; core_territory: number; optional_territory: number }[];
    }>();
    expect(time_zone).toBe(ZONE);
    expect(weeks.map((week) => week.starts)).toEqual(
      Array.from({ length: 12 }, (_, index) => isoDate(berlinWeekStart(11 - index))),
    );
    for (const week of weeks) expect(week.week).toMatch(/^\d{4}-W\d{2}$/);
    expect(new Set(weeks.map((week) => week.week)).size).toBe(12);
    const figures = weeks.map(({ requests, core_territory, optional_territory }) => [
      requests,
      core_territory,
      optional_territory,
    ]);
    expect(figures[11]).toEqual([2, 1, 1]);
    expect(figures[10]).toEqual([3, 2, 0]);
    expect(figures[0]).toEqual([1, 0, 1]);
    expect(figures.slice(1, 10)).toEqual(Array.from({ length: 9 }, () => [0, 0, 0]));
  });
});

describe('GET /api/files/statistics/', () => {
  test('files stored and their total size, kept by every upload', async () => {
    const before = (await statistics(`${FILES}/statistics/`)).json<{ files: number; total_size: number }>();
    expect(before).toEqual({ files: 0, total_size: 0 });
    expect((await upload(t, { data: Buffer.alloc(1000, 1) })).statusCode).toBe(201);
    expect((await upload(t, { data: Buffer.alloc(2500, 2) })).statusCode).toBe(201);
    const response = await statistics(`${FILES}/statistics/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ files: 2, total_size: 3500 });
  });

  test('a recount sets the kept size from the table', async () => {
    await t.db.update(keptCounts).set({ count: 0 }).where(eq(keptCounts.key, 'files:bytes'));
    await recountFiles(t.db);
    expect((await statistics(`${FILES}/statistics/`)).json()).toEqual({ files: 2, total_size: 3500 });
  });
});

describe('GET …/administration/access-tokens/statistics/', () => {
  const addToken = async (prefix: string, service: string, expiresInDays: number | null) => {
    const expires = expiresInDays === null ? undefined : Math.floor(Date.now() / 1000 + expiresInDays * 86_400);
    const response = await t.as({
      method: 'POST',
      url: `${prefix}/administration/access-tokens/`,
      payload: { service, token: `token-${service}-${'x'.repeat(40)}`, expires },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ uid: string }>().uid;
  };

  test("counts the service's unrevoked tokens whose expiry lies within 14 days", async () => {
    await addToken(FILES, 'soon', 1);
    await addToken(FILES, 'almost-two-weeks', 13.9);
    await addToken(FILES, 'later', 15);
    await addToken(FILES, 'never', null);
    const revoked = await addToken(FILES, 'revoked-soon', 2);
    expect(
      (await t.as({ method: 'PUT', url: `${FILES}/administration/access-tokens/${revoked}/revoke/` })).statusCode,
    ).toBe(200);
    const expired = await addToken(FILES, 'expired', 1);
    await t.db
      .update(apiTokens)
      .set({ expires: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.uid, expired));
    await addToken(PRICING, 'pricing-soon', 3);

    expect((await statistics(`${FILES}/administration/access-tokens/statistics/`)).json()).toEqual({
      expiring: 2,
      within_days: 14,
    });
    expect((await statistics(`${PRICING}/administration/access-tokens/statistics/`)).json()).toEqual({
      expiring: 1,
      within_days: 14,
    });
  });
});

describe('GET /api/auth/administration/statistics/', () => {
  test('counts the users the users list shows as locked', async () => {
    expect((await statistics(`${AUTH}/administration/statistics/`)).json()).toMatchObject({ locked_users: 0 });
    const locked = await t.createUser();
    const alsoLocked = await t.createUser();
    await t.createUser();
    const attacker = uniqueAddress();
    for (const user of [locked, alsoLocked]) {
      for (let index = 0; index < 3; index++) {
        const response = await t.inject({
          method: 'POST',
          url: `${AUTH}/token/`,
          headers: basic(user.username.toUpperCase(), 'wrong-password'),
          remoteAddress: attacker,
        });
        expect(response.statusCode).toBe(401);
      }
    }
    expect((await statistics(`${AUTH}/administration/statistics/`)).json()).toMatchObject({ locked_users: 2 });
    const users = (await t.as({ method: 'GET', url: `${AUTH}/administration/users/` })).json<
      { domain_user: { locked: boolean } }[]
    >();
    expect(users.filter((user) => user.domain_user.locked)).toHaveLength(2);

    expect(
      (
        await t.as({
          method: 'POST',
          url: `${AUTH}/administration/unlock-users/`,
          payload: { uids: [locked.domain_user.uid] },
        })
      ).statusCode,
    ).toBe(200);
    expect((await statistics(`${AUTH}/administration/statistics/`)).json()).toMatchObject({ locked_users: 1 });
  });
});

describe('permissions', () => {
  const ROUTES = [
    [`${MAIL}/administration/statistics/`, 'mail:read'],
    ['/api/care/statistics/', 'care:read'],
    [`${FILES}/statistics/`, 'files:read'],
    [`${FILES}/administration/access-tokens/statistics/`, 'tokens:manage'],
    [`${PRICING}/administration/access-tokens/statistics/`, 'tokens:manage'],
    [`${AUTH}/administration/statistics/`, 'users:read'],
  ] as const;

  test.each(ROUTES)('%s answers a user with only %s, and 403 to one with only the others', async (url, permission) => {
    const role = (name: string, permissions: string[]) =>
      t.as({ method: 'PUT', url: `${AUTH}/administration/roles/${name}/`, payload: { permissions } });
    const others = ROUTES.map(([, needed]) => needed).filter((needed) => needed !== permission);
    const slug = permission.replace(':', '-');
    expect((await role(`stat-only-${slug}`, [permission])).statusCode).toBe(200);
    expect((await role(`stat-not-${slug}`, [...new Set(others)])).statusCode).toBe(200);
    const holder = await t.createUser({ roles: [`stat-only-${slug}`] });
    const other = await t.createUser({ roles: [`stat-not-${slug}`] });
    const holderToken = (await t.signIn(holder.username, holder.password, uniqueAddress())).access_token;
    const otherToken = (await t.signIn(other.username, other.password, uniqueAddress())).access_token;
    expect((await statistics(url, holderToken)).statusCode).toBe(200);
    const refused = await statistics(url, otherToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: '/problems/forbidden', permission });
  });
});
