import { cleanup, render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, onTestFinished } from 'vitest';
import { App } from '../../../src/App';
// loaded up front, as the lazy screens are in the test files: the panel loads them on demand, which would otherwise count
// against the first assertion's wait
import '../../../src/AdminTree';
import '../../../src/dataProviders';
import { createI18nProvider } from '../../../src/i18n/i18nProvider';
import { createSession, type Session, STORAGE_KEYS } from '../../../src/session/session';
import { testConfig, type FakeAuthService } from './fakeAuthService';

const sessions: Session[] = [];
afterEach(() => {
  // unmount first: an App still mounted on a disposed session would send its next request without a token, and the 401 that
  // answers it could reach the following test
  cleanup();
  while (sessions.length) sessions.pop()!.dispose();
});

/** The current browser URL (the panel uses react-admin's BrowserRouter). */
export const currentUrl = () => window.location.pathname + window.location.search;

/** Every URL the router navigated to (push or replace), in order. */
export function recordNavigation(): string[] {
  const urls: string[] = [];
  const { pushState, replaceState } = window.history;
  const wrap = (original: typeof pushState) =>
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
export function renderApp(path: string, session?: Session) {
  window.history.replaceState(null, '', path);
  return renderAppHere(session);
}

/**
 * As if the tab had shown `previous` and then `path` (both panel pages, with react-router's history indices) and the
 * user reloaded: the App mounts on `path` with one entry behind it. Returns the history length at mount.
 */
export function reloadApp(
  path: string,
  previous: string,
  { session, strict = false }: { session?: Session; strict?: boolean } = {},
) {
  window.history.replaceState({ usr: null, key: 'previous', idx: 0 }, '', previous);
  window.history.pushState({ usr: null, key: 'current', idx: 1 }, '', path);
  const historyLength = window.history.length;
  const rendered = renderAppHere(session, strict);
  return { ...rendered, historyLength };
}

/** `strict` renders in StrictMode, as the development build does (effects run twice on mount). */
function renderAppHere(session: Session = createSession({ authUrl: testConfig.authUrl }), strict = false) {
  sessions.push(session);
  // skip user-event's per-action pointer-events check: it computes the style of every ancestor, which is slow in jsdom with MUI
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const app = <App config={testConfig} i18nProvider={createI18nProvider()} session={session} />;
  const result = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { user, session, ...result };
}

/** As if the user had signed in before: a valid refresh token in local storage. */
export function storeRefreshToken(service: FakeAuthService, uid?: string): string {
  const token = service.grantRefreshToken(uid);
  window.localStorage.setItem(STORAGE_KEYS.refreshToken, token);
  return token;
}
