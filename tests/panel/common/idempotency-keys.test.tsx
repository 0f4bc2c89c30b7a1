import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import '../../../src/account/SecurityPage';
import { createHttpClient, type HttpClient } from '../../../src/dataProviders/httpClient';
import { createSession, type Session } from '../../../src/session/session';
import { withFakeBackend } from '../support/backend';
import { AUTH_URL, ORIGIN } from '../support/fakeAuthService';
import { currentUrl, renderApp, storeRefreshToken } from '../support/renderApp';

/** Every POST of the panel carries an Idempotency-Key: one per action, the same one when that request is sent again. */

const backend = withFakeBackend();
const KEY = /^"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"$/;

/** The Idempotency-Key header of each request of `method` to a path ending in `path`, in order. */
function keysSent(method: string, path: string) {
  const keys: (string | null)[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (request.method === method && new URL(request.url).pathname.endsWith(path))
      keys.push(request.headers.get('idempotency-key'));
  };
  backend.server.events.on('request:start', listener);
  onTestFinished(() => void backend.server.events.removeListener('request:start', listener));
  return keys;
}

describe('the Security page', () => {
  it('sends a request refused for a recent sign-in again with the same key, and the next addition with another', async () => {
    const keys = keysSent('POST', '/second-factors/totp/');
    backend.service.state.reauthenticationRequired = true;
    storeRefreshToken(backend.service);
    const { user } = renderApp('/?redirect_to=%2Fsecurity');
    await waitFor(() => expect(currentUrl()).toBe('/security'));
    await user.click(await screen.findByRole('button', { name: 'Add authenticator app' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Add authenticator app' })).getByRole('button', {
        name: 'Continue',
      }),
    );
    const reauthentication = await screen.findByRole('dialog', { name: 'Confirm your identity' });
    await user.type(within(reauthentication).getByLabelText('Password'), 'alice-secret{Enter}');
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();

    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(KEY);
    expect(keys[1]).toBe(keys[0]);

    await user.click(
      within(screen.getByRole('dialog', { name: 'Add authenticator app' })).getByRole('button', { name: 'Cancel' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Add authenticator app' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Add authenticator app' })).getByRole('button', {
        name: 'Continue',
      }),
    );
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(keys).toHaveLength(3);
    expect(keys[2]).toMatch(KEY);
    expect(keys[2]).not.toBe(keys[0]);
  });
});

describe('the HTTP client', () => {
  const NOTES = `${ORIGIN}/api/care/care-requests/r1/notes/`;
  let session: Session;
  let httpClient: HttpClient;
  let failures: number;

  beforeEach(async () => {
    failures = 0;
    backend.server.use(
      http.post(NOTES, async ({ request }) =>
        failures-- > 0
          ? HttpResponse.json(
              { type: '/problems/database-unavailable', title: 'Service Unavailable', status: 503 },
              { status: 503 },
            )
          : HttpResponse.json(await request.json(), { status: 201 }),
      ),
      http.get(NOTES, () => HttpResponse.json([])),
    );
    session = createSession({ authUrl: AUTH_URL });
    await session.login('alice', 'alice-secret');
    httpClient = createHttpClient(session);
  });
  afterEach(() => session.dispose());

  const addNote = (text: string) => httpClient(NOTES, { method: 'POST', body: JSON.stringify({ text }) });

  it('gives separate actions separate keys, and a read none', async () => {
    const keys = keysSent('POST', '/notes/');
    const readKeys = keysSent('GET', '/notes/');
    await addNote('first');
    await addNote('first');
    await addNote('second');
    await httpClient(NOTES);
    expect(keys.every((key) => KEY.test(key ?? ''))).toBe(true);
    expect(new Set(keys).size).toBe(3);
    expect(readKeys).toEqual([null]);
  });

  it('sends a request that failed again with its key until it succeeds, then the same text is a new action', async () => {
    const keys = keysSent('POST', '/notes/');
    failures = 2;
    await expect(addNote('lost answer')).rejects.toMatchObject({ status: 503 });
    await expect(addNote('lost answer')).rejects.toMatchObject({ status: 503 });
    await expect(addNote('other text')).resolves.toMatchObject({ status: 201 });
    await expect(addNote('lost answer')).resolves.toMatchObject({ status: 201 });
    await addNote('lost answer');
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[3]).toBe(keys[0]);
    expect(keys[4]).not.toBe(keys[0]);
  });
});
