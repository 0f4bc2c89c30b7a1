import { eq } from 'drizzle-orm';
import { passwordAuthentications, users } from '../../../server/db/schema';
import { TOTAL_CAP } from '../../../contracts/paging';
import { createTestApp, unique, type TestApp } from '../support/helpers';
import { names, usersList } from './users-list-helpers';

/** GET /administration/users/ with more users than the total cap, on a database of its own. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
const { page, allUsers } = usersList(() => t);

const tag = unique('t');

describe('capped totals', () => {
  const extra = TOTAL_CAP + 50;
  beforeAll(async () => {
    // inserted directly: a thousand argon2 hashes through the API would take minutes
    const hash = (
      await t.db.select({ hash: passwordAuthentications.passwordHash }).from(passwordAuthentications).limit(1)
    )[0].hash;
    const created = await t.db
      .insert(users)
      .values(
        Array.from({ length: extra }, (_, index) => ({
          publicName: `Mass ${tag} ${String(index).padStart(5, '0')}`,
          roles: ['mass'],
        })),
      )
      .returning({ uid: users.uid, publicName: users.publicName });
    await t.db.insert(passwordAuthentications).values(
      created.map((user) => ({
        userUid: user.uid,
        username: user.publicName.replaceAll(' ', '-'),
        passwordHash: hash,
      })),
    );
  });

  test('above the cap the total is a lower bound, and exact_total=true counts every row', async () => {
    const capped = await page({ filters: { role: 'mass' } });
    expect(capped).toMatchObject({
      total: TOTAL_CAP + 1,
      total_is_lower_bound: true,
      previous_page: null,
      next_page: 2,
    });
    expect(names(capped)[0]).toBe(`Mass ${tag} 00000`);
    expect(await page({ filters: { role: 'mass' }, exact_total: true })).toMatchObject({
      total: extra,
      total_is_lower_bound: false,
    });
  });

  test('deep pages keep their neighbours right', async () => {
    const last = Math.ceil(extra / 100);
    const answer = await page({ filters: { role: 'mass' }, page: last, page_size: 100 });
    expect(answer.items).toHaveLength(extra - (last - 1) * 100);
    expect(answer).toMatchObject({
      total: extra,
      previous_page: last - 1,
      next_page: null,
      total_is_lower_bound: false,
    });
    expect(names(answer).at(-1)).toBe(`Mass ${tag} ${String(extra - 1).padStart(5, '0')}`);
  });

  test('without query or filters the total is every user, exact beyond the cap, and follows rows written straight to the database', async () => {
    const everyone = async () => (await t.db.select({ uid: users.uid }).from(users)).length;
    const first = await page({ page_size: 10 });
    expect(first).toMatchObject({
      total: await everyone(),
      total_is_lower_bound: false,
      previous_page: null,
      next_page: 2,
    });
    expect(first.total).toBeGreaterThan(TOTAL_CAP);
    expect(await page({ page: 10_000 })).toMatchObject({ items: [], total: await everyone(), next_page: null });
    const [gone] = await t.db
      .insert(users)
      .values({ publicName: `Gone ${tag}`, roles: [] })
      .returning({ uid: users.uid });
    expect((await page({ page: 1 })).total).toBe(await everyone());
    await t.db.delete(users).where(eq(users.uid, gone.uid));
    expect((await page({ exact_total: true })).total).toBe(await everyone());
  });

  test('the whole-array form still lists every user', async () => {
    expect((await allUsers()).filter((user) => user.domain_user.roles.includes('mass'))).toHaveLength(extra);
  });
});
