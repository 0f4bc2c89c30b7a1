import { randomUUID } from 'node:crypto';
import { AUTH, basic, bearer, createTestApp, type PanelUser, type TestApp } from '../support/helpers';

/** Revoking refresh tokens, banning and unbanning users. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const REVOKE = `${AUTH}/administration/revoke-refresh-tokens/`;
const BAN = `${AUTH}/administration/ban-users/`;
const UNBAN = `${AUTH}/administration/unban-users/`;
const post = (url: string, payload: unknown, token?: string) =>
  t.as({ method: 'POST', url, payload: payload as object, token });
const refresh = (refreshToken: string) =>
  t.inject({ method: 'POST', url: `${AUTH}/token/`, headers: bearer(refreshToken) });
const info = (accessToken: string) => t.inject({ method: 'GET', url: `${AUTH}/info/`, headers: bearer(accessToken) });
const bannedFlag = async (uid: string) =>
  (await t.as({ method: 'GET', url: `${AUTH}/administration/users/${uid}/` })).json<PanelUser>().domain_user.banned;

describe('POST /administration/revoke-refresh-tokens/', () => {
  test('revokes every live refresh token of the users and counts them; their access tokens die with their sessions', async () => {
    const [anna, ben] = [await t.createUser(), await t.createUser()];
    const annaSessions = [await t.signIn(anna.username, anna.password), await t.signIn(anna.username, anna.password)];
    const benSession = await t.signIn(ben.username, ben.password);
    // A consumed token is not live: only its successor counts.
    const rotated = (await refresh(benSession.refresh_token)).json<{ access_token: string; refresh_token: string }>();

    const response = await post(REVOKE, { uids: [anna.domain_user.uid, ben.domain_user.uid] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ revoked: 3 });
    for (const session of annaSessions) expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
    for (const session of [...annaSessions, rotated])
      expect((await info(session.access_token)).json()).toMatchObject({
        status: 401,
        detail: 'The session of the access token has ended.',
      });

    expect((await post(REVOKE, { uids: [anna.domain_user.uid] })).json()).toEqual({ revoked: 0 });
    expect((await t.signIn(anna.username, anna.password)).refresh_token).toBeTruthy();
  });

  test('leaves the tokens of other users alone and counts duplicate uids once', async () => {
    const [anna, ben] = [await t.createUser(), await t.createUser()];
    await t.signIn(anna.username, anna.password);
    const benSession = await t.signIn(ben.username, ben.password);
    const uid = anna.domain_user.uid;
    expect((await post(REVOKE, { uids: [uid, uid, uid.toUpperCase()] })).json()).toEqual({ revoked: 1 });
    expect((await refresh(benSession.refresh_token)).statusCode).toBe(200);
  });

  test('answers 404 on field uids for an unknown uid and revokes nothing', async () => {
    const anna = await t.createUser();
    const session = await t.signIn(anna.username, anna.password);
    const response = await post(REVOKE, { uids: [anna.domain_user.uid, randomUUID()] });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ type: '/problems/user-not-found', status: 404, field: 'uids' });
    expect((await refresh(session.refresh_token)).statusCode).toBe(200);
  });
});

describe('POST /administration/ban-users/ and /administration/unban-users/', () => {
  test('bans: sign-in, refresh and the existing access token are refused; unban lets the user sign in again', async () => {
    const anna = await t.createUser();
    const session = await t.signIn(anna.username, anna.password);
    const uids = [anna.domain_user.uid];

    const banned = await post(BAN, { uids });
    expect(banned.statusCode).toBe(200);
    expect(banned.json()).toEqual({ banned: uids });
    expect(await bannedFlag(anna.domain_user.uid)).toBe(true);
    expect((await info(session.access_token)).statusCode).toBe(401);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    expect(
      (await t.inject({ method: 'POST', url: `${AUTH}/token/`, headers: basic(anna.username, anna.password) }))
        .statusCode,
    ).toBe(401);
    // The ban revoked the refresh tokens: there is nothing left to revoke.
    expect((await post(REVOKE, { uids })).json()).toEqual({ revoked: 0 });

    const unbanned = await post(UNBAN, { uids });
    expect(unbanned.statusCode).toBe(200);
    expect(unbanned.json()).toEqual({ unbanned: uids });
    expect(await bannedFlag(anna.domain_user.uid)).toBe(false);
    const again = await t.signIn(anna.username, anna.password);
    expect((await info(again.access_token)).statusCode).toBe(200);
  });

  test('banning twice is harmless and answers normalised, de-duplicated uids', async () => {
    const anna = await t.createUser();
    const uid = anna.domain_user.uid;
    expect((await post(BAN, { uids: [uid.toUpperCase(), uid] })).json()).toEqual({ banned: [uid] });
    expect((await post(BAN, { uids: [uid] })).json()).toEqual({ banned: [uid] });
    expect(await bannedFlag(uid)).toBe(true);
  });

  test('refuses to ban the caller (400 on field uids) and bans nobody of the list', async () => {
    const anna = await t.createUser();
    const adminUid = (await t.as({ method: 'GET', url: `${AUTH}/info/` })).json<{ uid: string }>().uid;
    const response = await post(BAN, { uids: [anna.domain_user.uid, adminUid] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      type: '/problems/self-ban',
      status: 400,
      field: 'uids',
      detail: 'You cannot ban yourself.',
    });
    expect(await bannedFlag(anna.domain_user.uid)).toBe(false);
    expect((await t.as({ method: 'GET', url: `${AUTH}/info/` })).statusCode).toBe(200);
  });

  test('answers 404 on field uids for an unknown uid and bans nobody', async () => {
    const anna = await t.createUser();
    const session = await t.signIn(anna.username, anna.password);
    const unknown = randomUUID();
    const response = await post(BAN, { uids: [anna.domain_user.uid, unknown] });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, field: 'uids' });
    expect(response.json().detail).toContain(unknown);
    expect(await bannedFlag(anna.domain_user.uid)).toBe(false);
    expect((await refresh(session.refresh_token)).statusCode).toBe(200);
    expect((await post(UNBAN, { uids: [unknown] })).statusCode).toBe(404);
  });

  test('a banned administrator can no longer administer', async () => {
    const other = await t.createUser({ roles: ['administrator'] });
    const session = await t.signIn(other.username, other.password);
    const victim = await t.createUser();
    await post(BAN, { uids: [other.domain_user.uid] });
    expect((await post(BAN, { uids: [victim.domain_user.uid] }, session.access_token)).statusCode).toBe(401);
    expect(await bannedFlag(victim.domain_user.uid)).toBe(false);
  });
});

describe.each([REVOKE, BAN, UNBAN])('validation of %s', (url) => {
  test.each<[string, unknown, string]>([
    ['an empty list', { uids: [] }, 'uids'],
    ['1001 uids', { uids: Array.from({ length: 1001 }, () => randomUUID()) }, 'uids'],
    ['a malformed uid', { uids: [randomUUID(), 'nope'] }, 'uids.1'],
    ['a number', { uids: [42] }, 'uids.0'],
    ['a string instead of a list', { uids: randomUUID() }, 'uids'],
    ['no uids', {}, 'uids'],
    ['an unknown field', { uids: [randomUUID()], all: true }, 'all'],
  ])('refuses %s with 400 on the field', async (_case, payload, field) => {
    const response = await post(url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: '/problems/validation-error', status: 400, field });
  });

  test('requires an access token', async () => {
    expect((await t.inject({ method: 'POST', url, payload: { uids: [randomUUID()] } })).statusCode).toBe(401);
  });
});

test('no response showed a password, a password hash or a refresh token hash', async () => {
  expect(await t.responsesShowingSecrets()).toEqual([]);
});
