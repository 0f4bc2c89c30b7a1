import { eq } from 'drizzle-orm';
import { ensureFirstAdministrator } from '../../../server/auth';
import { hashPassword } from '../../../server/auth/passwords';
import { insertUser } from '../../../server/auth/users';
import { openDatabase, type Database } from '../../../server/db';
import { users } from '../../../server/db/schema';
import { AUTH, createTestApp, openTestDatabase, type PanelUser, type TestApp } from '../support/helpers';

/** The administrator created on the first start, from the environment or with a generated, printed password. */
const PRINTED =
  /^┌─+┐\n│ Created the first administrator\. +│\n│ {3}Username: (\S+) +│\n│ {3}Password: (\S+) +│\n│ Shown only this once: sign in and change it\. +│\n└─+┘$/;

describe('with ADMIN_USERNAME and ADMIN_PASSWORD', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withAdmin: false });
  });
  afterAll(() => t?.close());

  test('creates that administrator once and prints no password', async () => {
    const print = vi.fn();
    const credentials = { adminUsername: 'boss', adminPassword: 'boss-password-1' };
    expect(await ensureFirstAdministrator(t.db, credentials, print)).toBe(true);
    expect(print).toHaveBeenCalledTimes(1);
    expect(print.mock.calls[0][0]).toContain('"boss"');
    expect(print.mock.calls[0][0]).not.toContain(credentials.adminPassword);

    const pair = await t.signIn('boss', credentials.adminPassword);
    const listed = (await t.as({ method: 'GET', url: `${AUTH}/administration/users/`, token: pair.access_token })).json<
      PanelUser[]
    >();
    expect(listed).toEqual([
      {
        domain_user: {
          uid: expect.any(String),
          public_name: 'Administrator',
          roles: ['administrator'],
          banned: false,
          locked: false,
          last_sign_in: expect.any(Number),
          second_factor: 'required-missing',
        },
        authentication_methods: [{ type: 'password', username: 'boss' }],
        sign_in: 'password',
        provider_link: null,
      },
    ]);
  });

  test('creates nobody on a later start, and never changes the existing user', async () => {
    const print = vi.fn();
    expect(await ensureFirstAdministrator(t.db, {}, print)).toBe(false);
    expect(
      await ensureFirstAdministrator(t.db, { adminUsername: 'boss', adminPassword: 'changed-password' }, print),
    ).toBe(false);
    expect(
      await ensureFirstAdministrator(t.db, { adminUsername: 'BOSS', adminPassword: 'changed-password' }, print),
    ).toBe(false);
    expect(print).not.toHaveBeenCalled();
    expect(await t.db.select().from(users)).toHaveLength(1);
    expect((await t.signIn('boss', 'boss-password-1')).access_token).toBeTruthy();
  });
});

describe('after users were created before the first start (the demo seed)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withAdmin: false });
    await insertUser(t.db, {
      publicName: 'Petra Schulz',
      roles: ['ceo'],
      username: 'petra.schulz',
      passwordHash: await hashPassword('seeded-password'),
    });
  });
  afterAll(() => t?.close());

  test('without ADMIN_USERNAME nobody is created', async () => {
    const print = vi.fn();
    expect(await ensureFirstAdministrator(t.db, { adminPassword: 'boss-password-1' }, print)).toBe(false);
    expect(print).not.toHaveBeenCalled();
    expect(await t.db.select().from(users)).toHaveLength(1);
  });

  test('ADMIN_USERNAME is created as an administrator and the start says so in one line', async () => {
    const print = vi.fn();
    expect(
      await ensureFirstAdministrator(t.db, { adminUsername: 'boss', adminPassword: 'boss-password-1' }, print),
    ).toBe(true);
    expect(print).toHaveBeenCalledTimes(1);
    expect(print.mock.calls[0][0]).toMatch(
      /^Created the first administrator "boss" with the password from ADMIN_PASSWORD\.$/,
    );

    const pair = await t.signIn('boss', 'boss-password-1');
    const listed = (await t.as({ method: 'GET', url: `${AUTH}/administration/users/`, token: pair.access_token })).json<
      PanelUser[]
    >();
    expect(listed.find((user) => user.authentication_methods[0]?.username === 'boss')?.domain_user).toEqual({
      uid: expect.any(String),
      public_name: 'Administrator',
      roles: ['administrator'],
      banned: false,
      locked: false,
      last_sign_in: expect.any(Number),
      second_factor: 'required-missing',
    });
    expect((await t.signIn('petra.schulz', 'seeded-password')).access_token).toBeTruthy();
  });

  test('ADMIN_USERNAME naming a seeded user leaves that user and its password alone', async () => {
    const print = vi.fn();
    expect(
      await ensureFirstAdministrator(t.db, { adminUsername: 'Petra.Schulz', adminPassword: 'other-password' }, print),
    ).toBe(false);
    expect(print).not.toHaveBeenCalled();
    expect((await t.signIn('petra.schulz', 'seeded-password')).access_token).toBeTruthy();
    const [petra] = await t.db.select().from(users).where(eq(users.publicName, 'Petra Schulz'));
    expect(petra.roles).toEqual(['ceo']);
  });

  test('without ADMIN_PASSWORD the generated password is printed once', async () => {
    const print = vi.fn();
    expect(await ensureFirstAdministrator(t.db, { adminUsername: 'chief' }, print)).toBe(true);
    expect(print).toHaveBeenCalledTimes(1);
    const [, username, password] = PRINTED.exec(print.mock.calls[0][0])!;
    expect(username).toBe('chief');
    expect((await t.signIn('chief', password)).access_token).toBeTruthy();
    expect(await ensureFirstAdministrator(t.db, { adminUsername: 'chief' }, print)).toBe(false);
    expect(print).toHaveBeenCalledTimes(1);
  });
});

describe('without ADMIN_PASSWORD', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withAdmin: false });
  });
  afterAll(() => t?.close());

  test.each([
    [{ adminUsername: 'ab' }, /ADMIN_USERNAME/],
    [{ adminUsername: 'has:colon' }, /ADMIN_USERNAME/],
    [{ adminPassword: 'short' }, /ADMIN_PASSWORD/],
  ])('refuses the invalid setting %o and creates nobody', async (settings, message) => {
    await expect(ensureFirstAdministrator(t.db, settings, vi.fn())).rejects.toThrow(message);
    expect(await t.db.select().from(users)).toHaveLength(0);
  });

  test('creates "admin" with a random password printed exactly once', async () => {
    const print = vi.fn();
    expect(await ensureFirstAdministrator(t.db, {}, print)).toBe(true);
    expect(print).toHaveBeenCalledTimes(1);
    const [, username, password] = PRINTED.exec(print.mock.calls[0][0])!;
    expect(username).toBe('admin');
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    expect((await t.signIn('admin', password)).access_token).toBeTruthy();

    expect(await ensureFirstAdministrator(t.db, {}, print)).toBe(false);
    expect(print).toHaveBeenCalledTimes(1);
  });

  test('uses ADMIN_USERNAME when only it is set, and never the same password twice', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      const print = vi.fn();
      await ensureFirstAdministrator(database.db, { adminUsername: 'chief' }, print);
      const [, username, password] = PRINTED.exec(print.mock.calls[0][0])!;
      expect(username).toBe('chief');
      const other = await openTestDatabase();
      try {
        const otherPrint = vi.fn();
        await ensureFirstAdministrator(other.database.db, {}, otherPrint);
        expect(PRINTED.exec(otherPrint.mock.calls[0][0])![2]).not.toBe(password);
      } finally {
        await other.database.close();
        await other.drop();
      }
    } finally {
      await database.close();
      await drop();
    }
  });
});

test('two processes starting at once on one empty database create one administrator', async () => {
  const { database, url, drop } = await openTestDatabase();
  // On PostgreSQL a second connection pool stands for the second process; PGlite has a single client.
  const second: Database = url ? await openDatabase({ databaseUrl: url, poolSize: 2 }) : database;
  try {
    const print = vi.fn();
    const created = await Promise.all([
      ensureFirstAdministrator(database.db, {}, print),
      ensureFirstAdministrator(second.db, {}, print),
      ensureFirstAdministrator(database.db, {}, print),
    ]);
    expect(created.filter(Boolean)).toHaveLength(1);
    expect(print).toHaveBeenCalledTimes(1);
    expect(await database.db.select().from(users)).toHaveLength(1);
  } finally {
    if (second !== database) await second.close();
    await database.close();
    await drop();
  }
});
