import { eq } from 'drizzle-orm';
import { loadConfig } from '../../../server/config';
import { passwordAuthentications } from '../../../server/db/schema';
import { AUTH, createTestApp, type TestApp } from '../support/helpers';

/** Production hashes at OWASP's argon2id cost; only the test suite may choose a cheaper one. */
describe('password hash cost', () => {
  test('production hashes at OWASP cost, and refuses the test cost outside NODE_ENV=test', () => {
    expect(loadConfig({}).passwordHashCost).toBe('owasp');
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'test' })).toThrow(
      /PASSWORD_HASH_COST=test is for the test suite only/,
    );
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'test', NODE_ENV: 'production' })).toThrow(/test suite only/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'cheap', NODE_ENV: 'test' })).toThrow(
      /PASSWORD_HASH_COST must be owasp/,
    );
    expect(loadConfig({ PASSWORD_HASH_COST: 'test', NODE_ENV: 'test' }).passwordHashCost).toBe('test');
  });

  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function storedHashOf(app: TestApp) {
    const user = await app.createUser();
    const [row] = await app.db
      .select()
      .from(passwordAuthentications)
      .where(eq(passwordAuthentications.username, user.username));
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `${AUTH}/token/`,
          headers: { authorization: `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}` },
        })
      ).statusCode,
    ).toBe(200);
    return row.passwordHash;
  }

  test("a production server stores argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane)", async () => {
    t = await createTestApp({ config: { passwordHashCost: 'owasp' } });
    expect(await storedHashOf(t)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  test('the test suite hashes cheaply, and a hash of either cost verifies', async () => {
    t = await createTestApp();
    expect(await storedHashOf(t)).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
  });
});
