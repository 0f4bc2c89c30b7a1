import { eq } from 'drizzle-orm';
import { oidcLinks, users } from '../../../server/db/schema';
import { ADMIN, createTestApp, unique, type PanelUser, type TestApp } from '../support/helpers';
import { names, USERS, usersList } from './users-list-helpers';
import { providerSettings } from './oidc-helpers';

/**
 * How each user signs in, in the users list (a page, the prepared first page, the whole array) and a user read: `oidc` for a link
 * to the configured issuer, `password` otherwise (no link, or one to an issuer no longer configured), and the `sign_in` filter. No
 * provider runs: the list reads only the links. A second app without a provider shows every user as signing in with a password.
 */

const ISSUER = 'http://127.0.0.1:9/configured';
const OTHER_ISSUER = 'http://127.0.0.1:9/before';

let t: TestApp;
let plain: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { oidc: providerSettings({ issuer: ISSUER }) } });
  plain = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await plain?.close();
});

const tag = unique('s');
const LINKED_AT = new Date(1_700_000_000_000);
const LAST_THERE = new Date(1_700_086_400_000);

async function seed(app: TestApp) {
  const anna = await app.createUser({ public_name: `anna ${tag}`, roles: ['recruiter'] });
  const bernd = await app.createUser({ public_name: `bernd ${tag}` });
  const carla = await app.createUser({ public_name: `carla ${tag}` });
  const link = (user: PanelUser, issuer: string, subject: string, lastSignInAt: Date | null = null) =>
    app.db
      .insert(oidcLinks)
      .values({ userUid: user.domain_user.uid, issuer, subject, linkedAt: LINKED_AT, lastSignInAt });
  // anna at the configured issuer; bernd only at one configured before; carla at neither; the administrator at the configured one
  await link(anna, ISSUER, 'anna-sub', LAST_THERE);
  await link(bernd, OTHER_ISSUER, 'bernd-sub');
  const [admin] = await app.db.select({ uid: users.uid }).from(users).where(eq(users.publicName, 'Administrator'));
  if (admin) await app.db.insert(oidcLinks).values({ userUid: admin.uid, issuer: ISSUER, subject: 'admin-sub' });
  return { anna, bernd, carla };
}

let seeded: Awaited<ReturnType<typeof seed>>;
beforeAll(async () => {
  seeded = await seed(t);
  await seed(plain);
});

const signIns = (items: PanelUser[]) =>
  Object.fromEntries(items.map((user) => [user.domain_user.public_name.split(' ')[0], user.sign_in]));

describe('with a provider configured', () => {
  const { page, allUsers } = usersList(() => t);

  test('a user linked to the configured issuer signs in there, with the link; the others with a password', async () => {
    const answer = await page({ query: tag, page_size: 100 });
    expect(signIns(answer.items)).toEqual({ anna: 'oidc', bernd: 'password', carla: 'password' });
    const anna = answer.items.find((user) => user.domain_user.uid === seeded.anna.domain_user.uid)!;
    expect(anna.provider_link).toEqual({
      issuer: ISSUER,
      subject: 'anna-sub',
      linked_at: 1_700_000_000,
      last_sign_in: 1_700_086_400,
      roles_managed: true,
    });
    expect(answer.items.filter((user) => user.sign_in === 'password').map((user) => user.provider_link)).toEqual([
      null,
      null,
    ]);
  });

  test('the prepared first page, the whole array and a user read say the same', async () => {
    const prepared = await page({ page: 1, page_size: 100 });
    const built = await page({ page: 1, page_size: 100, query: '-' });
    expect(prepared.items).toEqual(built.items);
    expect(await allUsers()).toEqual(prepared.items);
    expect(signIns(prepared.items.filter((user) => user.domain_user.public_name.endsWith(tag)))).toEqual({
      anna: 'oidc',
      bernd: 'password',
      carla: 'password',
    });
    const read = await t.as({ method: 'GET', url: `${USERS}${seeded.anna.domain_user.uid}/` });
    expect(read.json()).toEqual(prepared.items.find((user) => user.domain_user.uid === seeded.anna.domain_user.uid));
  });

  test("the first administrator's roles are never the provider's", async () => {
    const admin = (await allUsers()).find((user) => user.authentication_methods[0]?.username === ADMIN.username)!;
    expect(admin.sign_in).toBe('oidc');
    expect(admin.provider_link?.roles_managed).toBe(false);
  });

  test('the sign_in filter picks either, counted, beside other filters', async () => {
    const filtered = async (filters: object) => {
      const answer = await page({ query: tag, page_size: 100, filters });
      expect(answer.total).toBe(answer.items.length);
      return names(answer).map((name) => name.split(' ')[0]);
    };
    expect(await filtered({ sign_in: 'oidc' })).toEqual(['anna']);
    expect(await filtered({ sign_in: 'password' })).toEqual(['bernd', 'carla']);
    expect(await filtered({ sign_in: 'oidc', role: 'recruiter' })).toEqual(['anna']);
    expect(await filtered({ sign_in: 'password', role: 'recruiter' })).toEqual([]);
    expect(await filtered({ sign_in: null })).toEqual(['anna', 'bernd', 'carla']);
    // without a text query: the administrator is linked as well
    const everyone = await page({ page_size: 100, filters: { sign_in: 'oidc' } });
    expect(everyone.items.map((user) => user.domain_user.public_name).sort()).toEqual(
      ['Administrator', `anna ${tag}`].sort(),
    );
  });

  test('another word is 400 invalid-filters', async () => {
    const response = await t.as({
      method: 'GET',
      url: `${USERS}?${new URLSearchParams({ filters: '{"sign_in":"sso"}' })}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: '/problems/invalid-filters', field: 'filters' });
  });
});

describe('without a provider', () => {
  const { page, allUsers } = usersList(() => plain);

  test('every user signs in with a password, links or not, and the filter says so', async () => {
    const answer = await page({ query: tag, page_size: 100 });
    expect(signIns(answer.items)).toEqual({ anna: 'password', bernd: 'password', carla: 'password' });
    expect(answer.items.every((user) => user.provider_link === null)).toBe(true);
    expect((await allUsers()).every((user) => user.sign_in === 'password')).toBe(true);
    expect((await page({ page: 1 })).items.every((user) => user.sign_in === 'password')).toBe(true);
    expect(names(await page({ query: tag, filters: { sign_in: 'oidc' } }))).toEqual([]);
    expect(names(await page({ query: tag, filters: { sign_in: 'password' } }))).toHaveLength(3);
  });
});
