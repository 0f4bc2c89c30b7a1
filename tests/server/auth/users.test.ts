import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { passwordAuthentications } from '../../../server/db/schema';
import { AUTH, basic, createTestApp, unique, type PanelUser, type TestApp } from '../support/helpers';

/** User administration: create, list, read, change name and roles, change username and password. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const USERS = `${AUTH}/administration/users/`;
const post = (payload: unknown) => t.as({ method: 'POST', url: USERS, payload: payload as object });
const validUser = () => ({
  username: unique(),
  password: 'secret-password',
  public_name: unique('Name '),
  roles: ['caregiver'],
});
const signInStatus = async (username: string, password: string) =>
  (await t.inject({ method: 'POST', url: `${AUTH}/token/`, headers: basic(username, password) })).statusCode;

function expectValidationProblem(
  response: { statusCode: number; json: () => unknown; headers: Record<string, unknown> },
  field: string,
) {
  expect(response.statusCode).toBe(400);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.json()).toMatchObject({
    type: '/problems/validation-error',
    title: 'Bad Request',
    status: 400,
    field,
  });
  expect((response.json() as { detail: string }).detail).toEqual(expect.stringContaining(field.split('.')[0]));
}

describe('POST /administration/users/', () => {
  test('creates a user that can sign in, answering 201 with the PanelUser', async () => {
    const input = { ...validUser(), roles: ['recruiter', 'caregiver', 'recruiter', 'ceo', 'caregiver'] };
    const response = await post(input);
    expect(response.statusCode).toBe(201);
    const user = response.json<PanelUser>();
    expect(user).toEqual({
      domain_user: {
        uid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        public_name: input.public_name,
        roles: ['recruiter', 'caregiver', 'ceo'],
        banned: false,
        locked: false,
        last_sign_in: null,
        second_factor: 'required-missing',
      },
      authentication_methods: [{ type: 'password', username: input.username }],
      sign_in: 'password',
      provider_link: null,
    });
    expect(await signInStatus(input.username, input.password)).toBe(200);
  });

  test('keeps values exactly as sent (nothing is trimmed or case-folded)', async () => {
    const input = {
      ...validUser(),
      username: `Mixed ${unique()}`,
      public_name: 'Ünïcödé  Näme',
      roles: ['Night Shift'],
    };
    const user = (await post(input)).json<PanelUser>();
    expect(user.domain_user.public_name).toBe(input.public_name);
    expect(user.domain_user.roles).toEqual(['Night Shift']);
    expect(user.authentication_methods[0].username).toBe(input.username);
  });

  test('refuses a taken username, whatever its case, with 409 on field username', async () => {
    const input = validUser();
    expect((await post(input)).statusCode).toBe(201);
    for (const username of [input.username, input.username.toUpperCase()]) {
      const response = await post({ ...validUser(), username });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        type: '/problems/username-taken',
        title: 'Conflict',
        status: 409,
        detail: 'The username is already taken.',
        field: 'username',
      });
    }
  });

  test.each([
    ['username', 4],
    ['username', 64],
    ['public_name', 4],
    ['public_name', 128],
    ['password', 7],
    ['password', 1024],
  ])('accepts %s of %i characters', async (field, length) => {
    const filler = { username: 'u', public_name: 'n', password: 'p' }[field]!;
    const value = field === 'username' ? `${unique()}${filler.repeat(64)}`.slice(0, length) : filler.repeat(length);
    expect((await post({ ...validUser(), [field]: value })).statusCode).toBe(201);
  });

  test('accepts 32 roles of 64 characters, and no roles at all', async () => {
    const roles = Array.from({ length: 32 }, (_, index) => `${index}`.padStart(64, 'r'));
    expect((await post({ ...validUser(), roles })).json<PanelUser>().domain_user.roles).toEqual(roles);
    expect((await post({ ...validUser(), roles: [] })).json<PanelUser>().domain_user.roles).toEqual([]);
  });

  test.each<[string, Record<string, unknown>, string]>([
    ['a username of 3 characters', { username: 'abc' }, 'username'],
    ['a username of 65 characters', { username: 'u'.repeat(65) }, 'username'],
    ['a username with a colon', { username: 'anna:meier' }, 'username'],
    ['a username starting with a space', { username: ' anna' }, 'username'],
    ['a username ending with a space', { username: 'anna ' }, 'username'],
    ['a username with a newline', { username: 'anna\nmeier' }, 'username'],
    ['a public name of 3 characters', { public_name: 'Ann' }, 'public_name'],
    ['a public name of 129 characters', { public_name: 'n'.repeat(129) }, 'public_name'],
    ['a blank public name', { public_name: '      ' }, 'public_name'],
    ['a password of 6 characters', { password: 'sixsix' }, 'password'],
    ['a password of 1025 characters', { password: 'p'.repeat(1025) }, 'password'],
    ['an empty role', { roles: ['ceo', ''] }, 'roles.1'],
    ['a blank role', { roles: ['  '] }, 'roles.0'],
    ['a role of 65 characters', { roles: ['r'.repeat(65)] }, 'roles.0'],
    ['33 roles', { roles: Array.from({ length: 33 }, (_, index) => `role${index}`) }, 'roles'],
    ['a number as username', { username: 12345678 }, 'username'],
    ['a number as password', { password: 12345678 }, 'password'],
    ['a string as roles', { roles: 'caregiver' }, 'roles'],
    ['a number as role', { roles: [1] }, 'roles.0'],
    ['null as public name', { public_name: null }, 'public_name'],
    ['an unknown field', { admin: true }, 'admin'],
  ])('refuses %s with 400 on the field', async (_case, change, field) => {
    expectValidationProblem(await post({ ...validUser(), ...change }), field);
  });

  test.each(['username', 'password', 'public_name', 'roles'])('refuses a body without %s', async (field) => {
    const input: Record<string, unknown> = validUser();
    delete input[field];
    const response = await post(input);
    expectValidationProblem(response, field);
    expect(response.json<{ detail: string }>().detail).toBe(`${field} is required`);
  });

  test.each<[string, string | undefined, string | undefined]>([
    ['malformed JSON', '{"username": "anna",', 'application/json'],
    ['a JSON array', '[]', 'application/json'],
    ['a JSON string', '"anna"', 'application/json'],
    ['an empty JSON body', undefined, 'application/json'],
    ['no body at all', undefined, undefined],
  ])('refuses %s with 400 on field body', async (_case, payload, contentType) => {
    const response = await t.as({
      method: 'POST',
      url: USERS,
      payload,
      headers: contentType ? { 'content-type': contentType } : {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ title: 'Bad Request', status: 400, field: 'body' });
  });

  test('refuses a body that is not JSON with 415', async () => {
    const response = await t.as({
      method: 'POST',
      url: USERS,
      payload: 'username=anna',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ title: 'Unsupported Media Type', status: 415 });
  });
});

describe('GET /administration/users/ and /administration/users/{uid}/', () => {
  test('lists every user sorted by public name', async () => {
    const names = ['zz Last Person', 'AA First Person', 'mm Middle Person'];
    for (const public_name of names) await post({ ...validUser(), public_name });
    const response = await t.as({ method: 'GET', url: USERS });
    expect(response.statusCode).toBe(200);
    const listed = response.json<PanelUser[]>();
    const publicNames = listed.map((user) => user.domain_user.public_name);
    expect(publicNames.filter((name) => names.includes(name) || name === 'Administrator')).toEqual([
      'AA First Person',
      'Administrator',
      'mm Middle Person',
      'zz Last Person',
    ]);
    expect(listed.every((user) => user.authentication_methods.length === 1)).toBe(true);
  });

  test('reads one user, also with an upper-case uid', async () => {
    const created = (await post(validUser())).json<PanelUser>();
    for (const uid of [created.domain_user.uid, created.domain_user.uid.toUpperCase()]) {
      const response = await t.as({ method: 'GET', url: `${USERS}${uid}/` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(created);
    }
  });

  test('answers 404 on field uid for an unknown uid', async () => {
    const response = await t.as({ method: 'GET', url: `${USERS}${randomUUID()}/` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ type: '/problems/user-not-found', status: 404, field: 'uid' });
  });

  test.each(['not-a-uuid', '12345', `${randomUUID()}x`, 'urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66'])(
    'answers 400 on field uid for the malformed uid %s',
    async (uid) => {
      expectValidationProblem(await t.as({ method: 'GET', url: `${USERS}${encodeURIComponent(uid)}/` }), 'uid');
    },
  );

  test('shows a user without password with no authentication methods', async () => {
    const created = (await post(validUser())).json<PanelUser>();
    await t.db.delete(passwordAuthentications).where(eq(passwordAuthentications.userUid, created.domain_user.uid));
    const response = await t.as({ method: 'GET', url: `${USERS}${created.domain_user.uid}/` });
    expect(response.json<PanelUser>().authentication_methods).toEqual([]);
  });
});

describe('PUT /administration/users/{uid}/domain-user/', () => {
  const put = (uid: string, payload: unknown) =>
    t.as({ method: 'PUT', url: `${USERS}${uid}/domain-user/`, payload: payload as object });

  test('changes public name and roles, answering the DomainUser', async () => {
    const { uid } = (await post(validUser())).json<PanelUser>().domain_user;
    const response = await put(uid, { uid, public_name: 'Renamed Person', roles: ['dispatcher', 'ceo', 'dispatcher'] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      uid,
      public_name: 'Renamed Person',
      roles: ['dispatcher', 'ceo'],
      banned: false,
      locked: false,
      last_sign_in: null,
      second_factor: 'required-missing',
    });
    expect((await t.as({ method: 'GET', url: `${USERS}${uid}/` })).json<PanelUser>().domain_user.public_name).toBe(
      'Renamed Person',
    );
  });

  test('refuses a body uid other than the path uid with 400 on field uid', async () => {
    const { uid } = (await post(validUser())).json<PanelUser>().domain_user;
    const response = await put(uid, { uid: randomUUID(), public_name: 'Renamed Person', roles: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: '/problems/read-only-field', status: 400, field: 'uid' });
    expect((await t.as({ method: 'GET', url: `${USERS}${uid}/` })).json<PanelUser>().domain_user.public_name).not.toBe(
      'Renamed Person',
    );
  });

  test('answers 404 for an unknown user and 400 for a malformed path uid', async () => {
    const uid = randomUUID();
    expect((await put(uid, { uid, public_name: 'Nobody Here', roles: [] })).statusCode).toBe(404);
    expectValidationProblem(await put('nope', { uid, public_name: 'Nobody Here', roles: [] }), 'uid');
  });

  test.each<[string, Record<string, unknown>, string]>([
    ['a short public name', { public_name: 'abc' }, 'public_name'],
    ['an empty role', { roles: [''] }, 'roles.0'],
    ['a malformed body uid', { uid: 'nope' }, 'uid'],
    ['an unknown field', { username: 'someone' }, 'username'],
    ['missing roles', { roles: undefined }, 'roles'],
  ])('refuses %s', async (_case, change, field) => {
    const { uid } = (await post(validUser())).json<PanelUser>().domain_user;
    expectValidationProblem(
      await put(uid, JSON.parse(JSON.stringify({ uid, public_name: 'Valid Name', roles: [], ...change }))),
      field,
    );
  });
});

describe('PUT /administration/users/{uid}/password-authentication/', () => {
  const put = (uid: string, payload: unknown) =>
    t.as({ method: 'PUT', url: `${USERS}${uid}/password-authentication/`, payload: payload as object });

  test('changes username and password: the new ones sign in, the old ones no longer', async () => {
    const input = validUser();
    const { uid } = (await post(input)).json<PanelUser>().domain_user;
    const username = unique('renamed');
    const response = await put(uid, { username, password: 'brand-new-password' });
    expect(response.statusCode).toBe(200);
    expect(response.json<PanelUser>().authentication_methods).toEqual([{ type: 'password', username }]);
    expect(await signInStatus(username, 'brand-new-password')).toBe(200);
    expect(await signInStatus(username, input.password)).toBe(401);
    expect(await signInStatus(input.username, 'brand-new-password')).toBe(401);
  });

  test('keeps the password when it is omitted', async () => {
    const input = validUser();
    const { uid } = (await post(input)).json<PanelUser>().domain_user;
    const username = unique('kept');
    expect((await put(uid, { username })).statusCode).toBe(200);
    expect(await signInStatus(username, input.password)).toBe(200);
  });

  test("refuses another user's username in any case with 409, but allows re-casing one's own", async () => {
    const first = validUser();
    await post(first);
    const second = validUser();
    const { uid } = (await post(second)).json<PanelUser>().domain_user;
    const conflict = await put(uid, { username: first.username.toUpperCase() });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ status: 409, field: 'username' });
    expect(await signInStatus(second.username, second.password)).toBe(200);
    expect((await put(uid, { username: second.username.toUpperCase() })).statusCode).toBe(200);
  });

  test('for a user without a password, requires one (400 on field password) and then adds it', async () => {
    const input = validUser();
    const { uid } = (await post(input)).json<PanelUser>().domain_user;
    await t.db.delete(passwordAuthentications).where(eq(passwordAuthentications.userUid, uid));
    const refused = await put(uid, { username: input.username });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ type: '/problems/password-required', status: 400, field: 'password' });
    const response = await put(uid, { username: input.username, password: 'first-password' });
    expect(response.statusCode).toBe(200);
    expect(response.json<PanelUser>().authentication_methods).toEqual([{ type: 'password', username: input.username }]);
    expect(await signInStatus(input.username, 'first-password')).toBe(200);
  });

  test('answers 404 for an unknown user', async () => {
    const response = await put(randomUUID(), { username: unique(), password: 'some-password' });
    expect(response.statusCode).toBe(404);
    expect(response.json().field).toBe('uid');
  });

  test.each<[string, Record<string, unknown>, string]>([
    ['a short username', { username: 'abc' }, 'username'],
    ['a short password', { password: 'short' }, 'password'],
    ['a null password', { password: null }, 'password'],
    ['no username', { username: undefined }, 'username'],
    ['an unknown field', { public_name: 'Somebody' }, 'public_name'],
  ])('refuses %s', async (_case, change, field) => {
    const { uid } = (await post(validUser())).json<PanelUser>().domain_user;
    expectValidationProblem(
      await put(uid, JSON.parse(JSON.stringify({ username: unique(), password: 'valid-password', ...change }))),
      field,
    );
  });
});

test('no response showed a password, a password hash or a refresh token hash', async () => {
  expect(await t.responsesShowingSecrets()).toEqual([]);
});
