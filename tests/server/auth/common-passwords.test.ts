import { dictionary } from '@zxcvbn-ts/language-common';
import { AUTH, createTestApp, unique, type TestApp } from '../support/helpers';

/** Passwords among the 10,000 most common are refused at create, at an administrator's set and at the user's own change. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const ranked = dictionary['passwords-common'];
const valid = (password: string) => password.length >= 7;
const top = new Set(ranked.slice(0, 10_000).map((password) => password.toLowerCase()));
/** The least common refused password that the schema would accept, and the most common accepted one. */
const lastRefused = ranked.slice(0, 10_000).filter(valid).at(-1)!;
const firstAccepted = ranked.slice(10_000).find((password) => valid(password) && !top.has(password.toLowerCase()))!;

const createUser = (password: string) =>
  t.as({
    method: 'POST',
    url: `${AUTH}/administration/users/`,
    payload: { username: unique(), password, public_name: unique('Name '), roles: [] },
  });

function expectCommonPasswordProblem(response: { statusCode: number; json: () => unknown }) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    type: '/problems/common-password',
    title: 'Bad Request',
    status: 400,
    detail: expect.stringContaining('10,000 most common passwords'),
    field: 'password',
  });
}

test.each(['password123', 'PassWord123', 'iloveyou', lastRefused])(
  'creating a user with %s is refused',
  async (password) => {
    expectCommonPasswordProblem(await createUser(password));
  },
);

test('the 10,000th common password is refused, a less common one is accepted', async () => {
  expect(ranked.indexOf(firstAccepted)).toBeGreaterThanOrEqual(10_000);
  expectCommonPasswordProblem(await createUser(lastRefused));
  expect((await createUser(firstAccepted)).statusCode).toBe(201);
});

test("an administrator's set to a common password is refused and keeps the old password", async () => {
  const user = await t.createUser();
  const url = `${AUTH}/administration/users/${user.domain_user.uid}/password-authentication/`;
  expectCommonPasswordProblem(
    await t.as({ method: 'PUT', url, payload: { username: user.username, password: 'Letmein1' } }),
  );
  await t.signIn(user.username, user.password);
});

test("the user's own change to a common password is refused and keeps the old password", async () => {
  const user = await t.createUser();
  const pair = await t.signIn(user.username, user.password);
  const response = await t.as({
    method: 'PUT',
    url: `${AUTH}/update-password-authentication/`,
    token: pair.access_token,
    payload: { username: user.username, password: 'CHANGEME' },
  });
  expectCommonPasswordProblem(response);
  await t.signIn(user.username, user.password);
});
