import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../src/dataProviders/httpClient';
import { ReauthenticationCancelled, ReauthenticationPrompt } from '../../../src/session/reauthenticationPrompt';
import { secondFactorChallenge } from '../../../src/session/secondFactorChallenge';
import { createSession, type Session, STORAGE_KEYS } from '../../../src/session/session';
import { withFakeBackend } from '../support/backend';
import { ADMIN_UID, AUTH_URL } from '../support/fakeAuthService';
import { VALID_TOTP_CODE } from '../support/fakeSecondFactors';

const backend = withFakeBackend();
const sessions: Session[] = [];
afterEach(() => {
  while (sessions.length) sessions.pop()!.dispose();
});
const newSession = () => {
  const session = createSession({ authUrl: AUTH_URL });
  sessions.push(session);
  return session;
};
const withTotp = () =>
  Object.assign(backend.service.state.users.get(ADMIN_UID)!, {
    factors: [{ uid: 'f1', kind: 'totp', name: 'Phone', created: 1, last_used: null }],
  });

describe('session: second factor and device tokens', () => {
  it('reads the challenge of a password accepted for a user with a second factor, and completes the sign-in with a code', async () => {
    withTotp();
    const session = newSession();
    const failure = await session.login('alice', 'alice-secret').catch((error: unknown) => error);
    const challenge = secondFactorChallenge(failure);
    expect(challenge).toEqual({
      token: expect.stringMatching(/^challenge-/),
      methods: ['totp'],
      webauthnOptions: null,
    });
    expect(session.hasValidAccessToken()).toBe(false);

    await session.completeSecondFactor('Alice', challenge!.token, { totp_code: VALID_TOTP_CODE });

    expect(session.hasValidAccessToken()).toBe(true);
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toMatch(/^refresh-/);
    expect(window.localStorage.getItem('caredesk.device_token.alice')).toMatch(/^device-/);
  });

  it('sends the username’s device token with the password, and a refresh neither sends nor replaces it', async () => {
    window.localStorage.setItem('caredesk.device_token.alice', 'device-kept');
    const session = newSession();
    await session.login('ALICE', 'alice-secret');
    const issued = window.localStorage.getItem('caredesk.device_token.alice');
    await session.refresh();

    const [signIn, refresh] = backend.service.hits('POST', '/api/auth/token/');
    expect(signIn.deviceToken).toBe('device-kept');
    expect(refresh.deviceToken).toBeNull();
    expect(issued).not.toBe('device-kept');
    expect(window.localStorage.getItem('caredesk.device_token.alice')).toBe(issued);
  });

  it('sends the username’s device token with the second step too, and keeps the new one', async () => {
    withTotp();
    window.localStorage.setItem('caredesk.device_token.alice', 'device-kept');
    const session = newSession();
    const challenge = secondFactorChallenge(
      await session.login('alice', 'alice-secret').catch((error: unknown) => error),
    );

    await session.completeSecondFactor('ALICE', challenge!.token, { totp_code: VALID_TOTP_CODE });

    const [secondStep] = backend.service.hits('POST', '/api/auth/token/second-factor/');
    expect(secondStep.deviceToken).toBe('device-kept');
    expect(window.localStorage.getItem('caredesk.device_token.alice')).toMatch(/^device-\d+-alice$/);
  });

  it('re-authentication replaces the access token and keeps the refresh token', async () => {
    const session = newSession();
    await session.login('alice', 'alice-secret');
    const before = await session.getAccessToken();
    const refreshToken = window.localStorage.getItem(STORAGE_KEYS.refreshToken);

    await session.reauthenticate({ password: 'alice-secret' });

    const after = await session.getAccessToken();
    expect(after).not.toBe(before);
    expect(backend.service.state.freshAccessTokens.has(after!)).toBe(true);
    expect(window.localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe(refreshToken);
  });
});

describe('re-authentication in the HTTP client', () => {
  const PASSWORD_ROUTE = `${AUTH_URL}/update-password-authentication/`;
  const put = { method: 'PUT', body: JSON.stringify({ username: 'alice', password: 'Fresh-Start-1' }) };

  async function signedIn() {
    backend.service.state.reauthenticationRequired = true;
    const session = newSession();
    await session.login('alice', 'alice-secret');
    return { session, httpClient: createHttpClient(session, (key) => `translated:${key}`) };
  }

  it('asks once for every waiting request and sends each again', async () => {
    const { session, httpClient } = await signedIn();
    const stop = session.reauthentication.subscribe((asking) => {
      if (asking)
        void session.reauthenticate({ password: 'alice-secret' }).then(() => session.reauthentication.succeeded());
    });
    try {
      const answers = await Promise.all([httpClient(PASSWORD_ROUTE, put), httpClient(PASSWORD_ROUTE, put)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(backend.service.hits('POST', '/api/auth/reauthenticate/')).toHaveLength(1);
      expect(backend.service.hits('PUT', '/api/auth/update-password-authentication/')).toHaveLength(4);
    } finally {
      stop();
    }
  });

  it('a cancel refuses the request in words, never as a 401 (which would end the session)', async () => {
    const { session, httpClient } = await signedIn();
    const stop = session.reauthentication.subscribe((asking) => asking && session.reauthentication.cancel());
    try {
      const error = await httpClient(PASSWORD_ROUTE, put).catch((cause: unknown) => cause);
      expect(error).toBeInstanceOf(ReauthenticationCancelled);
      expect(error).not.toBeInstanceOf(HttpError);
      expect((error as Error).message).toBe('translated:caredesk.reauthentication.cancelled');
    } finally {
      stop();
    }
  });

  it('without a dialog to ask, the request is refused at once', async () => {
    const prompt = new ReauthenticationPrompt();
    await expect(prompt.ask()).rejects.toBeInstanceOf(ReauthenticationCancelled);
    expect(prompt.isAsking()).toBe(false);
  });
});
