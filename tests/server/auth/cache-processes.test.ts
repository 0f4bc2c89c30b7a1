import { eq } from 'drizzle-orm';
import type { Database } from '../../../server/db';
import { users } from '../../../server/db/schema';
import { signedInClient, type ServerProcess } from '../support/server-process';
import { startServerPair, type ServerPair } from '../support/server-pair';

/**
 * Two real server processes on one PostgreSQL database, each with its own authentication cache: a change through one counts on the
 * other's next request (NOTIFY in the writer's transaction, LISTEN in every process). PostgreSQL only (PGlite serves one process).
 */

const ADMIN = { username: 'cache-admin', password: 'cache-admin-password' };

describe.skipIf(!process.env.TEST_DATABASE_URL)('the authentication caches of two server processes', () => {
  let pair: ServerPair;
  let database: Database;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    pair = await startServerPair(ADMIN, 'caredesk-auth-cache-');
    ({ database, a, b } = pair);
  }, 240_000);

  afterAll(() => pair?.stop(), 60_000);

  async function userSignedInAtB(roles: string[]) {
    const callA = await signedInClient(a.baseUrl, ADMIN.username, ADMIN.password);
    const user = {
      username: `cache-user-${Math.random().toString(36).slice(2, 8)}`,
      password: 'Cache-user-password-1',
      public_name: 'Cache User',
      roles,
    };
    const { domain_user } = await callA<{ domain_user: { uid: string } }>(
      'POST',
      '/api/auth/administration/users/',
      user,
    );
    const token = await fetch(`${b.baseUrl}/api/auth/token/`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}` },
    });
    const { access_token, refresh_token } = (await token.json()) as { access_token: string; refresh_token: string };
    const atB = (url: string) => fetch(`${b.baseUrl}${url}`, { headers: { authorization: `Bearer ${access_token}` } });
    return { callA, uid: domain_user.uid, atB, access_token, refresh_token };
  }

  const ENDED = { status: 401, detail: 'The session of the access token has ended.' };
  const sessionOf = (accessToken: string) =>
    JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).sid as string;
  const refreshAtA = (refreshToken: string) =>
    fetch(`${a.baseUrl}/api/auth/token/`, { method: 'POST', headers: { authorization: `Bearer ${refreshToken}` } });

  test('a ban through one process is refused by the other on the next request, though the other had the user cached', async () => {
    const { callA, uid, atB } = await userSignedInAtB(['caregiver']);
    expect((await atB('/api/auth/info/')).status).toBe(200);
    await database.db.update(users).set({ publicName: 'Renamed behind the back' }).where(eq(users.uid, uid));
    expect(await (await atB('/api/auth/info/')).json()).toMatchObject({ public_name: 'Cache User' });

    await callA('POST', '/api/auth/administration/ban-users/', { uids: [uid] });
    const refused = await atB('/api/auth/info/');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ detail: 'The user is banned.' });

    await callA('POST', '/api/auth/administration/unban-users/', { uids: [uid] });
    expect(await (await atB('/api/auth/info/')).json()).toMatchObject(ENDED);
  });

  test("ending a session through one process refuses its access token on the other's next request", async () => {
    const { callA, uid, atB, access_token } = await userSignedInAtB(['caregiver']);
    expect((await atB('/api/auth/info/')).status).toBe(200);
    await callA('DELETE', `/api/auth/administration/users/${uid}/sessions/${sessionOf(access_token)}/`);
    expect(await (await atB('/api/auth/info/')).json()).toMatchObject(ENDED);
  });

  test("a refresh token used twice at one process ends the session's access tokens at the other", async () => {
    const { atB, refresh_token } = await userSignedInAtB(['caregiver']);
    expect((await atB('/api/auth/info/')).status).toBe(200);
    expect((await refreshAtA(refresh_token)).status).toBe(200);
    expect(await (await refreshAtA(refresh_token)).json()).toMatchObject({ type: '/problems/refresh-token-reused' });
    expect(await (await atB('/api/auth/info/')).json()).toMatchObject(ENDED);
  });

  test("an administrator's password set and a refresh-token revoke through one process refuse the tokens at the other", async () => {
    for (const end of ['password', 'revoke'] as const) {
      const { callA, uid, atB } = await userSignedInAtB(['caregiver']);
      expect((await atB('/api/auth/info/')).status).toBe(200);
      if (end === 'password')
        await callA('PUT', `/api/auth/administration/users/${uid}/password-authentication/`, {
          username: `renamed-${uid.slice(0, 8)}`,
          password: 'Set-by-admin-9',
        });
      else await callA('POST', '/api/auth/administration/revoke-refresh-tokens/', { uids: [uid] });
      expect(await (await atB('/api/auth/info/')).json()).toMatchObject(ENDED);
    }
  });

  test("a change of roles or of the role policy through one process counts on the other's next request", async () => {
    const { callA, uid, atB } = await userSignedInAtB(['cache role']);
    const incoming = () => atB('/api/care/incoming/care-requests/');
    expect((await incoming()).status).toBe(403);

    await callA('PUT', '/api/auth/administration/roles/cache%20role/', { permissions: ['care:read'] });
    expect((await incoming()).status).toBe(200);

    await callA('PUT', `/api/auth/administration/users/${uid}/domain-user/`, {
      uid,
      public_name: 'Cache User',
      roles: [],
    });
    expect((await incoming()).status).toBe(403);
  });
});
