import { decodeJwt, decodeProtectedHeader } from 'jose';
import {
  AUTH,
  ADMIN,
  basic,
  bearer,
  createTestApp,
  unique,
  uniqueAddress,
  type TestApp,
  type TokenPair,
} from '../support/helpers';

/** Sign-in with Basic credentials and refresh-token exchange, on the default configuration. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const token = (headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.inject({ method: 'POST', url: `${AUTH}/token/`, headers, remoteAddress });
const rawBasic = (encoded: string) => ({ authorization: `Basic ${encoded}` });
const info = (accessToken: string) => t.inject({ method: 'GET', url: `${AUTH}/info/`, headers: bearer(accessToken) });

describe('POST /token/ with Basic credentials', () => {
  test('answers a token pair whose access token is an HS256 JWT for the user', async () => {
    const user = await t.createUser();
    const before = Math.floor(Date.now() / 1000);
    const response = await token(basic(user.username, user.password));
    expect(response.statusCode).toBe(200);
    const pair = response.json<TokenPair>();
    expect(Object.keys(pair).sort()).toEqual(['access_token', 'device_token', 'expires', 'issued', 'refresh_token']);
    expect(pair.issued).toBeGreaterThanOrEqual(before);
    expect(pair.issued).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(pair.expires).toBe(pair.issued + 300);
    expect(pair.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(decodeProtectedHeader(pair.access_token).alg).toBe('HS256');
    const claims = decodeJwt(pair.access_token);
    expect(claims.sub).toBe(user.domain_user.uid);
    expect(claims.exp).toBe(pair.expires);
    expect(claims.iat).toBe(pair.issued);
    expect(claims.auth_time).toBe(pair.issued);
    expect(claims.sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(pair.device_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await info(pair.access_token)).json().uid).toBe(user.domain_user.uid);
  });

  test('matches the username case-insensitively', async () => {
    const user = await t.createUser({ username: unique('MixedCase') });
    expect((await token(basic(user.username.toUpperCase(), user.password))).statusCode).toBe(200);
    expect((await token(basic(user.username.toLowerCase(), user.password))).statusCode).toBe(200);
  });

  test('accepts passwords containing colons and non-ASCII characters', async () => {
    const user = await t.createUser({ password: 'pa:ss:wörd €' });
    expect((await token(basic(user.username, user.password))).statusCode).toBe(200);
    expect((await token(basic(user.username, 'pa'))).statusCode).toBe(401);
  });

  test('refuses a wrong password and an unknown user alike', async () => {
    const user = await t.createUser();
    for (const response of [
      await token(basic(user.username, 'wrong-password')),
      await token(basic(unique('nobody'), 'some-password')),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toEqual({
        type: '/problems/invalid-credentials',
        title: 'Unauthorized',
        status: 401,
        detail: 'Invalid username or password.',
      });
    }
  });

  test('does not accept the password of another user', async () => {
    const [first, second] = [
      await t.createUser({ password: 'first-password' }),
      await t.createUser({ password: 'second-password' }),
    ];
    expect((await token(basic(first.username, second.password))).statusCode).toBe(401);
  });

  test.each([
    ['no header', {}],
    ['an empty header', { authorization: '' }],
    ['a scheme without credentials', { authorization: 'Basic' }],
    ['an unknown scheme', { authorization: 'Digest abc' }],
    ['bad base64', rawBasic('!!!not-base64!!!')],
    ['unpadded base64', rawBasic('YWRtaW46c2VjcmV0MQ')],
    ['no colon', rawBasic(Buffer.from('adminpassword').toString('base64'))],
    ['invalid UTF-8', rawBasic(Buffer.from([0x61, 0x64, 0xff, 0x3a, 0x70, 0x77]).toString('base64'))],
    ['an empty username', basic('', ADMIN.password)],
    ['an empty password', basic(ADMIN.username, '')],
    ['an over-long username', basic('a'.repeat(65), ADMIN.password)],
    ['two values', { authorization: `Basic ${Buffer.from('a:b').toString('base64')} extra` }],
  ])('answers 401 for %s', async (name, headers) => {
    const response = await token(headers);
    expect(response.statusCode).toBe(401);
    // A header that carries no username and password is not a sign-in; one that does is judged like any other.
    const type = /username|password/.test(name) ? '/problems/invalid-credentials' : '/problems/unauthorized';
    expect(response.json()).toMatchObject({ type, title: 'Unauthorized', status: 401 });
    expect(response.json().detail).toEqual(expect.any(String));
  });

  test('refuses a banned user even with the right password', async () => {
    const user = await t.createUser();
    await t.as({ method: 'POST', url: `${AUTH}/administration/ban-users/`, payload: { uids: [user.domain_user.uid] } });
    const response = await token(basic(user.username, user.password));
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe('Invalid username or password.');
  });
});

describe('POST /token/ with a Bearer refresh token', () => {
  async function signedInUser() {
    const user = await t.createUser();
    return { user, pair: await t.signIn(user.username, user.password) };
  }

  test('answers a new pair and consumes the presented refresh token', async () => {
    const { user, pair } = await signedInUser();
    const response = await token(bearer(pair.refresh_token));
    expect(response.statusCode).toBe(200);
    const next = response.json<TokenPair>();
    expect(next.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next.refresh_token).not.toBe(pair.refresh_token);
    expect(decodeJwt(next.access_token).sub).toBe(user.domain_user.uid);
    expect((await info(next.access_token)).statusCode).toBe(200);
    // The successor works, and is itself rotated.
    const third = await token(bearer(next.refresh_token));
    expect(third.statusCode).toBe(200);
    expect(third.json().refresh_token).not.toBe(next.refresh_token);
  });

  test('reuse of a consumed token revokes its whole family, and only that family', async () => {
    const { user, pair } = await signedInUser();
    const otherSession = await t.signIn(user.username, user.password);
    const next = (await token(bearer(pair.refresh_token))).json<TokenPair>();

    const reuse = await token(bearer(pair.refresh_token));
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().detail).toMatch(/already used/);
    expect((await token(bearer(next.refresh_token))).statusCode).toBe(401);
    expect((await token(bearer(otherSession.refresh_token))).statusCode).toBe(200);
  });

  test('of two concurrent exchanges of one token exactly one succeeds, and its successor is revoked too', async () => {
    const { pair } = await signedInUser();
    const responses = await Promise.all([token(bearer(pair.refresh_token)), token(bearer(pair.refresh_token))]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 401]);
    const winner = responses.find((response) => response.statusCode === 200)!.json<TokenPair>();
    expect((await token(bearer(winner.refresh_token))).statusCode).toBe(401);
  });

  test.each([
    ['garbage', 'not-a-token'],
    ['a well-formed unknown token', 'A'.repeat(43)],
    ['an over-long token', 'A'.repeat(44)],
  ])('answers 401 for %s', async (_case, value) => {
    const response = await token(bearer(value));
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe('The refresh token is invalid, expired or revoked.');
  });

  test('does not take an access token for a refresh token', async () => {
    const { pair } = await signedInUser();
    expect((await token(bearer(pair.access_token))).statusCode).toBe(401);
  });

  test('refuses a revoked refresh token', async () => {
    const { user, pair } = await signedInUser();
    await t.as({
      method: 'POST',
      url: `${AUTH}/administration/revoke-refresh-tokens/`,
      payload: { uids: [user.domain_user.uid] },
    });
    expect((await token(bearer(pair.refresh_token))).statusCode).toBe(401);
  });

  test('refuses the refresh token of a banned user, and unbanning does not revive it', async () => {
    const { user, pair } = await signedInUser();
    const uids = [user.domain_user.uid];
    await t.as({ method: 'POST', url: `${AUTH}/administration/ban-users/`, payload: { uids } });
    expect((await token(bearer(pair.refresh_token))).statusCode).toBe(401);
    await t.as({ method: 'POST', url: `${AUTH}/administration/unban-users/`, payload: { uids } });
    expect((await token(bearer(pair.refresh_token))).statusCode).toBe(401);
    expect((await token(basic(user.username, user.password))).statusCode).toBe(200);
  });
});

describe('default throttling (5 per username and address, 30 per address in 900 seconds; 30 per username, then 60 s doubling)', () => {
  test('the 6th attempt for a username from one address is refused with 429 and Retry-After, even with the right password', async () => {
    const user = await t.createUser();
    const address = uniqueAddress();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await token(basic(user.username, `wrong-password-${attempt}`), address)).statusCode).toBe(401);
    }
    const refused = await token(basic(user.username, user.password), address);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(890);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(refused.json()).toMatchObject({
      type: '/problems/too-many-sign-in-failures',
      title: 'Too Many Requests',
      status: 429,
    });
    expect((await token(basic(user.username, user.password), uniqueAddress())).statusCode).toBe(200);
  });

  test('the 31st attempt from an address is refused whichever username it names', async () => {
    const address = uniqueAddress();
    for (let attempt = 1; attempt <= 30; attempt++) {
      expect((await token(basic(unique('ghost'), 'wrong-password'), address)).statusCode).toBe(401);
    }
    const user = await t.createUser();
    expect((await token(basic(user.username, user.password), address)).statusCode).toBe(429);
    expect((await token(basic(user.username, user.password), uniqueAddress())).statusCode).toBe(200);
  });

  test('after 30 failures of a username from many addresses, the next attempt waits 60 seconds', async () => {
    const user = await t.createUser();
    for (let attempt = 1; attempt <= 30; attempt++) {
      expect((await token(basic(user.username, 'wrong-password'), uniqueAddress())).statusCode).toBe(401);
    }
    const refused = await token(basic(user.username, user.password), uniqueAddress());
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(55);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });
});

test('no response showed a password, a password hash or a refresh token hash', async () => {
  expect(await t.responsesShowingSecrets()).toEqual([]);
});
