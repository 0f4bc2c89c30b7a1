import { StrictMode } from 'react';
import type { I18nProvider } from 'react-admin';
import { createRoot, type Root } from 'react-dom/client';
import type { RuntimeConfig } from './config';
import { loadMessages } from './i18n/loadI18nProvider';
import { redirectTarget } from './login/redirect';
import { StandaloneLogin } from './login/StandaloneLogin';
import { createSession, type Session } from './session/session';

type AppModule = typeof import('./App');

interface StartOptions {
  /** Tests pass their own loader (to count the loads) and session (to stop its timers). */
  load?: () => Promise<AppModule>;
  session?: Session;
}

const loadApp = (): Promise<AppModule> => import('./App');

/** The page that replaces the panel when it cannot start (no configuration, a chunk that does not load). */
async function showStartError(root: Root, error: unknown) {
  const template = await loadMessages().then(
    (messages) => messages.caredesk.errors.config,
    () => 'The panel cannot start: %{message}',
  );
  const text = template.replace('%{message}', error instanceof Error ? error.message : String(error));
  root.render(<p style={{ fontFamily: 'sans-serif', color: '#b71c1c', padding: 16 }}>{text}</p>);
}

/**
 * Renders the panel once the configuration and the starting language's messages are there. A page loaded at /login
 * shows the login form at once and loads the panel (react-admin, MUI, the router) only when someone starts typing, to
 * show it after the sign-in at redirect_to; every other page loads the panel first (docs/architecture.md, Architecture).
 */
export async function startPanel(
  container: HTMLElement,
  starting: Promise<[RuntimeConfig, I18nProvider]>,
  options: StartOptions = {},
): Promise<Root> {
  const { load = loadApp } = options;
  const root = createRoot(container);
  await starting
    .then(([config, i18nProvider]) => {
      const session = options.session ?? createSession({ authUrl: config.authUrl });
      const showApp = () =>
        load().then(({ App }) =>
          root.render(
            <StrictMode>
              <App config={config} i18nProvider={i18nProvider} session={session} />
            </StrictMode>,
          ),
        );
      if (window.location.pathname !== '/login') return showApp();
      const signedIn = () => {
        window.history.replaceState(null, '', redirectTarget(window.location.search));
        showApp().catch((error: unknown) => showStartError(root, error));
      };
      root.render(
        <StrictMode>
          <StandaloneLogin
            session={session}
            i18nProvider={i18nProvider}
            onSignedIn={signedIn}
            onTyping={() => void load().catch(() => undefined)}
          />
        </StrictMode>,
      );
    })
    .catch((error: unknown) => showStartError(root, error));
  return root;
}
