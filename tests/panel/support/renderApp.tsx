import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, onTestFinished } from 'vitest';
import { App } from '../../../src/App';
import { createSession, type Session, STORAGE_KEYS } from '../../../src/auth/session';
import { testConfig, type FakeAuthService } from './fakeAuthService';

const sessions: Session[] = [];
afterEach(() => {
  while (sessions.length) sessions.pop()!.dispose();
});

/** The current browser URL (the panel uses react-admin's BrowserRouter). */
export const currentUrl = () => window.location.pathname + window.location.search;

/** Every URL the router navigated to (push or replace), in order. */
export function recordNavigation(): string[] {
  const urls: string[] = [];
  const { pushState, replaceState } = window.history;
  const wrap =
    (original: typeof pushState) =>
    function (this: History, data: unknown, unused: string, url?: string | URL | null) {
      if (url != null) urls.push(String(url));
      return original.call(this, data, unused, url);
    };
  window.history.pushState = wrap(pushState);
  window.history.replaceState = wrap(replaceState);
  onTestFinished(() => {
    window.history.pushState = pushState;
    window.history.replaceState = replaceState;
  });
  return urls;
}

/** Renders the real App at `path` with a session whose timers are stopped after the test. */
export function renderApp(path: string, session: Session = createSession({ authUrl: testConfig.authUrl })) {
  sessions.push(session);
  window.history.replaceState(null, '', path);
  // skip user-event's per-action pointer-events check: it computes the style of every ancestor, which is slow in jsdom with MUI
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const result = render(<App config={testConfig} session={session} />);
  return { user, session, ...result };
}

/** As if the user had signed in before: a valid refresh token in local storage. */
export function storeRefreshToken(service: FakeAuthService, uid?: string): string {
  const token = service.grantRefreshToken(uid);
  window.localStorage.setItem(STORAGE_KEYS.refreshToken, token);
  return token;
}
