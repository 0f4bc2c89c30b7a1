import { eq } from 'drizzle-orm';
import { throttleCounters, users } from '../../../server/db/schema';
import { MAX_UIDS_FILTER } from '../../../contracts/auth';
import { AUTH, createTestApp, unique, type PanelUser, type TestApp } from '../support/helpers';
import { names, USERS, usersList } from './users-list-helpers';

/** GET /administration/users/ in the paged dialect (and its whole-array form), on a database of its own. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
const { page, allUsers } = usersList(() => t);

const DAY = 86_400;
let anna: PanelUser, bernd: PanelUser, carla: PanelUser, dora: PanelUser;
const tag = unique('t');

beforeAll(async () => {
  // mixed case on purpose: names sort regardless of case
  anna = await t.createUser({
    public_name: `anna ${tag}`,
    username: `Zeta-${tag}`,
    roles: ['recruiter', 'night shift'],
  });
  bernd = await t.createUser({ public_name: `Bernd ${tag}`, username: `alpha-${tag}`, roles: ['caregiver'] });
  carla = await t.createUser({
    public_name: `carla ${tag}`,
    username: `Mike-${tag}`,
    roles: ['caregiver', 'recruiter'],
  });
  dora = await t.createUser({ public_name: `Dora 50%_${tag}`, username: `delta-${tag}`, roles: [] });
  const setSignIn = (user: PanelUser, seconds: number) =>
    t.db
      .update(users)
      .set({ lastSignInAt: new Date(seconds * 1000) })
      .where(eq(users.uid, user.domain_user.uid));
  await setSignIn(anna, 1_700_000_000);
  await setSignIn(bernd, 1_700_000_000 + DAY);
  await setSignIn(carla, 1_700_000_000 + 2 * DAY);
  expect(
    (
      await t.as({
        method: 'POST',
        url: `${AUTH}/administration/ban-users/`,
        payload: { uids: [bernd.domain_user.uid] },
      })
    ).statusCode,
  ).toBe(200);
  // carla's username is throttled from one address, dora's from every address; an expired block locks nobody
  const future = new Date(Date.now() + 3_600_000);
  await t.db.insert(throttleCounters).values([
    { key: `user+address:10.0.0.9 mike-${tag}`.toLowerCase(), failures: 5, blockedUntil: future },
    { key: `user:delta-${tag}`, failures: 30, blockedUntil: future },
    { key: `user:alpha-${tag}`, failures: 30, blockedUntil: new Date(Date.now() - 1000) },
  ]);
});

describe('the whole-array form', () => {
  test('without a paging parameter answers every user as an array sorted by public name, as the specification says', async () => {
    const response = await t.as({ method: 'GET', url: USERS });
    expect(response.statusCode).toBe(200);
    const listed = response.json<PanelUser[]>();
    expect(Array.isArray(listed)).toBe(true);
    expect(listed.map((user) => user.domain_user.public_name).filter((name) => name.endsWith(tag))).toEqual([
      `anna ${tag}`,
      `Bernd ${tag}`,
      `carla ${tag}`,
      `Dora 50%_${tag}`,
    ]);
    expect(listed.find((user) => user.domain_user.uid === carla.domain_user.uid)?.domain_user).toMatchObject({
      locked: true,
      banned: false,
      last_sign_in: 1_700_000_000 + 2 * DAY,
    });
  });

  test('holds the same users, in the same order and shape, as the pages', async () => {
    const all = await allUsers();
    expect((await page({ page_size: 100 })).items).toEqual(all);
  });
});

describe('paging', () => {
  test('pages by page and page_size, with the neighbours and an exact total', async () => {
    const all = await allUsers();
    const first = await page({ page: 1, page_size: 2 });
    expect(first).toEqual({
      items: all.slice(0, 2),
      previous_page: null,
      next_page: 2,
      total: all.length,
      total_is_lower_bound: false,
    });
    const lastNumber = Math.ceil(all.length / 2);
    const last = await page({ page: lastNumber, page_size: 2 });
    expect(last.items).toEqual(all.slice((lastNumber - 1) * 2));
    expect(last).toMatchObject({ previous_page: lastNumber - 1, next_page: null, total: all.length });
  });

  test('a page beyond the last is empty, keeps the total and points back to the last page', async () => {
    const total = (await allUsers()).length;
    expect(await page({ page: 50, page_size: 10 })).toEqual({
      items: [],
      previous_page: Math.ceil(total / 10),
      next_page: null,
      total,
      total_is_lower_bound: false,
    });
  });

  test('defaults to page 1 of 10 by public name ascending as soon as one paging parameter is given', async () => {
    const all = await allUsers();
    expect((await page({ query: '' })).items).toEqual(all.slice(0, 10));
    expect((await page({ ordering: 'des', page_size: 100 })).items).toEqual([...all].reverse());
  });
});

describe("the page without query or filters (the panel's first call, a prepared statement)", () => {
  // every uid holds a hyphen: query "-" matches every user, so its pages come from the dynamically built query
  const everyone = { query: '-' };

  test.each([
    ['public_name', 'asc'],
    ['public_name', 'des'],
    ['username', 'asc'],
    ['username', 'des'],
    ['last_sign_in', 'asc'],
    ['last_sign_in', 'des'],
    ['uid', 'asc'],
    ['uid', 'des'],
  ])('sorted by %s %s, pages like the built query, totals and neighbours included', async (sort_by, ordering) => {
    for (const number of [1, 2]) {
      const query = { page: number, page_size: 3, sort_by, ordering };
      const prepared = await page(query);
      expect(prepared.items.length).toBeGreaterThan(number === 1 ? 2 : 0);
      expect(prepared).toEqual(await page({ ...query, ...everyone }));
    }
  });

  test('answers a ban, a lock and a new user on the next request', async () => {
    const first = { page: 1, page_size: 100, sort_by: 'public_name', ordering: 'asc' };
    const before = await page(first);
    // a name sorting first, so that the new user is on the first page
    const newcomer = await t.createUser({ public_name: `0 newcomer ${Date.now()}` });
    const after = await page(first);
    expect(after.total).toBe(before.total + 1);
    const shown = () => after.items.find((user) => user.domain_user.uid === newcomer.domain_user.uid);
    expect(shown()?.domain_user).toMatchObject({ banned: false, locked: false });

    expect(
      (
        await t.as({
          method: 'POST',
          url: `${AUTH}/administration/ban-users/`,
          payload: { uids: [newcomer.domain_user.uid] },
        })
      ).statusCode,
    ).toBe(200);
    await t.db.insert(throttleCounters).values({
      key: `user:${newcomer.username.toLowerCase()}`,
      failures: 30,
      blockedUntil: new Date(Date.now() + 1500),
    });
    const banned = (await page(first)).items.find((user) => user.domain_user.uid === newcomer.domain_user.uid);
    expect(banned?.domain_user).toMatchObject({ banned: true, locked: true });

    // the lock ends by itself: the statement compares with the time of each request, not the time it was prepared
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const unlocked = (await page(first)).items.find((user) => user.domain_user.uid === newcomer.domain_user.uid);
    expect(unlocked?.domain_user).toMatchObject({ banned: true, locked: false });
  });
});

describe('sorting', () => {
  const mine = { query: tag, page_size: 100 };

  test.each([
    ['public_name', 'asc', ['anna', 'Bernd', 'carla', 'Dora']],
    ['public_name', 'des', ['Dora', 'carla', 'Bernd', 'anna']],
    ['username', 'asc', ['Bernd', 'Dora', 'carla', 'anna']],
    ['username', 'des', ['anna', 'carla', 'Dora', 'Bernd']],
    // never signed in sorts last ascending and first descending
    ['last_sign_in', 'asc', ['anna', 'Bernd', 'carla', 'Dora']],
    ['last_sign_in', 'des', ['Dora', 'carla', 'Bernd', 'anna']],
  ])('by %s %s', async (sort_by, ordering, expected) => {
    const answer = await page({ ...mine, sort_by, ordering });
    expect(names(answer).map((name) => name.split(' ')[0])).toEqual(expected);
  });

  test('by uid', async () => {
    const uids = [anna, bernd, carla, dora].map((user) => user.domain_user.uid).sort();
    expect(
      (await page({ ...mine, sort_by: 'uid', ordering: 'asc' })).items.map((user) => user.domain_user.uid),
    ).toEqual(uids);
  });

  test('keeps pages stable among equal names (uid follows)', async () => {
    const twin = `Twin ${unique('twin')}`;
    const twins = [
      await t.createUser({ public_name: twin }),
      await t.createUser({ public_name: twin.toLowerCase() }),
      await t.createUser({ public_name: twin.toUpperCase() }),
    ];
    const seen = [];
    for (let number = 1; number <= 3; number++)
      seen.push(...(await page({ query: twin, page: number, page_size: 1 })).items.map((user) => user.domain_user.uid));
    expect(seen.sort()).toEqual(twins.map((user) => user.domain_user.uid).sort());
  });
});

describe('query', () => {
  const matching = async (query: string) =>
    names(await page({ query, page_size: 100 }))
      .filter((name) => name.endsWith(tag))
      .map((name) => name.split(' ')[0]);

  test('each word must occur, regardless of case, in the public name, the username, a role or the uid', async () => {
    expect(await matching(`${tag} ANNA`)).toEqual(['anna']);
    expect(await matching(`${tag} alpha-`)).toEqual(['Bernd']);
    expect(await matching(`${tag} Recruiter`)).toEqual(['anna', 'carla']);
    expect(await matching(`${tag} night`)).toEqual(['anna']);
    expect(await matching(`${tag} ${carla.domain_user.uid.slice(0, 13).toUpperCase()}`)).toEqual(['carla']);
    expect(await matching(`${tag} caregiver mike`)).toEqual(['carla']);
    expect(await matching(`${tag} nobody-has-this`)).toEqual([]);
  });

  test('takes % and _ literally', async () => {
    expect(await matching(`${tag} 50%_`)).toEqual(['Dora']);
    expect(await matching(`${tag} %`)).toEqual(['Dora']);
    expect(await matching(`${tag} a_n`)).toEqual([]);
  });

  test('counts what it matches', async () => {
    expect(await page({ query: `${tag} recruiter` })).toMatchObject({
      total: 2,
      previous_page: null,
      next_page: null,
      total_is_lower_bound: false,
    });
  });
});

describe('filters', () => {
  const filtered = async (filters: object) =>
    names(await page({ query: tag, page_size: 100, filters })).map((name) => name.split(' ')[0]);

  test('role: users holding the role', async () => {
    expect(await filtered({ role: 'recruiter' })).toEqual(['anna', 'carla']);
    expect(await filtered({ role: 'night shift' })).toEqual(['anna']);
    expect(await filtered({ role: 'Recruiter' })).toEqual([]);
  });

  test('banned: banned or not', async () => {
    expect(await filtered({ banned: true })).toEqual(['Bernd']);
    expect(await filtered({ banned: false })).toEqual(['anna', 'carla', 'Dora']);
  });

  test('locked: sign-in blocked now under the username (from some or every address), or not', async () => {
    expect(await filtered({ locked: true })).toEqual(['carla', 'Dora']);
    expect(await filtered({ locked: false })).toEqual(['anna', 'Bernd']);
    const answer = await page({ query: tag, filters: { locked: true } });
    expect(answer.items.every((user) => user.domain_user.locked)).toBe(true);
  });

  test('last_sign_in: from and to in epoch seconds, to covering its whole second', async () => {
    expect(await filtered({ last_sign_in: { from: 1_700_000_000 + DAY } })).toEqual(['Bernd', 'carla']);
    expect(await filtered({ last_sign_in: { to: 1_700_000_000 + DAY } })).toEqual(['anna', 'Bernd']);
    expect(await filtered({ last_sign_in: { from: 1_700_000_000 + DAY, to: 1_700_000_000 + DAY } })).toEqual(['Bernd']);
  });

  test('uids: those users (any case), with the others', async () => {
    const uids = [dora.domain_user.uid.toUpperCase(), anna.domain_user.uid];
    expect(await filtered({ uids })).toEqual(['anna', 'Dora']);
    expect(await filtered({ uids, banned: false, role: 'recruiter' })).toEqual(['anna']);
    expect(await filtered({ uids: [] })).toEqual([]);
  });

  test('null and {} filter nothing', async () => {
    expect(await filtered({ role: null, banned: null, locked: null, last_sign_in: {} })).toEqual([
      'anna',
      'Bernd',
      'carla',
      'Dora',
    ]);
  });
});

describe('invalid values', () => {
  test.each<[string, Record<string, string>, string, string]>([
    ['page 0', { page: '0' }, 'page', '/problems/validation-error'],
    ['page_size 101', { page_size: '101' }, 'page_size', '/problems/validation-error'],
    ['page_size 1e1', { page_size: '1e1' }, 'page_size', '/problems/validation-error'],
    ['an unknown sort key', { sort_by: 'roles' }, 'sort_by', '/problems/validation-error'],
    ['an unknown ordering', { ordering: 'up' }, 'ordering', '/problems/validation-error'],
    ['exact_total not a boolean', { exact_total: 'maybe' }, 'exact_total', '/problems/validation-error'],
    ['an unknown parameter', { pages: '1' }, 'pages', '/problems/validation-error'],
    ['filters that are not JSON', { filters: '{banned' }, 'filters', '/problems/invalid-filters'],
    ['filters that are not an object', { filters: '[1]' }, 'filters', '/problems/invalid-filters'],
    ['an unknown filter', { filters: '{"state":"banned"}' }, 'filters', '/problems/invalid-filters'],
    ['banned not a boolean', { filters: '{"banned":"yes"}' }, 'filters', '/problems/invalid-filters'],
    ['a malformed uid', { filters: '{"uids":["nope"]}' }, 'filters', '/problems/invalid-filters'],
    [
      'a role of 65 characters',
      { filters: JSON.stringify({ role: 'r'.repeat(65) }) },
      'filters',
      '/problems/invalid-filters',
    ],
    [
      'a last_sign_in after year 9999',
      { filters: '{"last_sign_in":{"from":253402300800}}' },
      'filters',
      '/problems/invalid-filters',
    ],
    [
      `${MAX_UIDS_FILTER + 1} uids`,
      {
        filters: JSON.stringify({
          uids: Array.from({ length: MAX_UIDS_FILTER + 1 }, () => '6e8bc430-9c3a-11d9-9669-0800200c9a66'),
        }),
      },
      'filters',
      '/problems/invalid-filters',
    ],
  ])('%s answers 400 with a problem', async (_name, query, field, type) => {
    const response = await t.as({ method: 'GET', url: `${USERS}?${new URLSearchParams(query)}` });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ type, status: 400, field });
  });

  test('a reader without users:read gets 403 in both forms', async () => {
    const caregiver = await t.createUser({ roles: ['caregiver'] });
    const { access_token } = await t.signIn(caregiver.username, caregiver.password);
    for (const url of [USERS, `${USERS}?page=1`])
      expect((await t.as({ method: 'GET', url, token: access_token })).statusCode).toBe(403);
  });
});
