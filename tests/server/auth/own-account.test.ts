import { eq } from 'drizzle-orm';
import { passwordAuthentications } from '../../../server/db/schema';
import { AUTH, basic, createTestApp, unique, type TestApp } from '../support/helpers';

/** The signed-in user's own routes: GET /info/ and PUT /update-password-authentication/. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function signedInUser(roles: string[] = ['caregiver']) {
  const user = await t.createUser({ roles, public_name: unique('Person ') });
  const pair = await t.signIn(user.username, user.password);
  return { user, token: pair.access_token };
}

const NO_SECOND_FACTOR = {
  enrolled: false,
  required: false,
  grace_until: null,
  enrollment_only: false,
  recovery_codes_left: 0,
};

describe('GET /info/', () => {
  test('answers uid, public name, roles and permissions of the caller', async () => {
    const { user, token } = await signedInUser(['caregiver', 'dispatcher']);
    const response = await t.as({ method: 'GET', url: `${AUTH}/info/`, token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      uid: user.domain_user.uid,
      public_name: user.domain_user.public_name,
      roles: ['caregiver', 'dispatcher'],
      permissions: ['mail:read', 'files:read', 'files:write', 'care:read', 'care:create', 'care:contact', 'care:work'],
      // dispatchers read customers' contact data: their role requires a second factor, within its grace period
      second_factor: { ...NO_SECOND_FACTOR, required: true, grace_until: expect.any(Number) },
    });
  });

  test('adds the username with extended=true, and not with extended=false', async () => {
    const { user, token } = await signedInUser();
    const extended = await t.as({ method: 'GET', url: `${AUTH}/info/?extended=true`, token });
    expect(extended.json()).toEqual({
      uid: user.domain_user.uid,
      public_name: user.domain_user.public_name,
      roles: ['caregiver'],
      permissions: [],
      authentication: { username: user.username, provider: null, password_refused: false },
      second_factor: NO_SECOND_FACTOR,
    });
    const plain = await t.as({ method: 'GET', url: `${AUTH}/info/?extended=false`, token });
    expect(plain.json()).not.toHaveProperty('authentication');
  });

  test('answers username null for a user without password', async () => {
    const { user, token } = await signedInUser();
    await t.db.delete(passwordAuthentications).where(eq(passwordAuthentications.userUid, user.domain_user.uid));
    const response = await t.as({ method: 'GET', url: `${AUTH}/info/?extended=true`, token });
    expect(response.json().authentication).toEqual({ username: null, provider: null, password_refused: false });
  });

  test.each([
    ['extended=maybe', 'extended'],
    ['verbose=true', 'verbose'],
  ])('refuses the query %s with 400 on its field', async (query, field) => {
    const response = await t.as({ method: 'GET', url: `${AUTH}/info/?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: '/problems/validation-error', status: 400, field });
  });

  test('is not found without its trailing slash', async () => {
    const response = await t.as({ method: 'GET', url: `${AUTH}/info` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ type: '/problems/not-found', status: 404 });
  });
});

describe('PUT /update-password-authentication/', () => {
  const update = (token: string, payload: unknown) =>
    t.as({ method: 'PUT', url: `${AUTH}/update-password-authentication/`, token, payload: payload as object });
  const signInStatus = async (username: string, password: string) =>
    (await t.inject({ method: 'POST', url: `${AUTH}/token/`, headers: basic(username, password) })).statusCode;

  test("changes the caller's own username and password, answering {uid, username}", async () => {
    const { user, token } = await signedInUser();
    const username = unique('self');
    const response = await update(token, { username, password: 'my-new-Passw0rd!' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ uid: user.domain_user.uid, username });
    expect(await signInStatus(username, 'my-new-Passw0rd!')).toBe(200);
    expect(await signInStatus(user.username, user.password)).toBe(401);
    expect(await signInStatus(username, user.password)).toBe(401);
  });

  test('adds a password authentication to a caller without one', async () => {
    const { user, token } = await signedInUser();
    await t.db.delete(passwordAuthentications).where(eq(passwordAuthentications.userUid, user.domain_user.uid));
    expect((await update(token, { username: user.username, password: 'again-a-password' })).statusCode).toBe(200);
    expect(await signInStatus(user.username, 'again-a-password')).toBe(200);
  });

  test("refuses another user's username (any case) with 409 on field username and changes nothing", async () => {
    const other = await t.createUser();
    const { user, token } = await signedInUser();
    const response = await update(token, { username: other.username.toUpperCase(), password: 'unused-password' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ type: '/problems/username-taken', field: 'username' });
    expect(await signInStatus(user.username, user.password)).toBe(200);
  });

  test.each<[string, Record<string, unknown>, string]>([
    ['no password', { password: undefined }, 'password'],
    ['no username', { username: undefined }, 'username'],
    ['a short password', { password: 'short' }, 'password'],
    ['a long username', { username: 'u'.repeat(65) }, 'username'],
    ['a number as password', { password: 12345678 }, 'password'],
    ['an unknown field', { uid: 'whatever' }, 'uid'],
  ])('refuses %s with 400 on the field', async (_case, change, field) => {
    const { token } = await signedInUser();
    const payload = JSON.parse(JSON.stringify({ username: unique(), password: 'valid-password', ...change }));
    const response = await update(token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: '/problems/validation-error', status: 400, field });
  });

  test('requires an access token', async () => {
    const response = await t.inject({
      method: 'PUT',
      url: `${AUTH}/update-password-authentication/`,
      payload: { username: unique(), password: 'valid-password' },
    });
    expect(response.statusCode).toBe(401);
  });
});

test('no response showed a password, a password hash or a refresh token hash', async () => {
  expect(await t.responsesShowingSecrets()).toEqual([]);
});
