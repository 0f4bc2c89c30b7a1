import { type ChangeEvent, type FormEvent, useEffect, useEffectEvent, useRef, useState } from 'react';
import { setDocumentTitle } from '../common/documentTitle';
import type { Translate } from '../dataProviders/problem';
import { type SecondFactorChallenge, secondFactorChallenge } from '../session/secondFactorChallenge';
import type { Session } from '../session/session';
import { LanguageMenu } from './LanguageMenu';
import { loginErrorText, loginErrors, type LoginErrorMessage, secondFactorErrors } from './loginErrors';
import { LoginField } from './LoginField';
import { ErrorOutlineIcon, LockIcon } from './loginIcons';
import { signInWithPasskey, usePasskeyAutofill, useWebAuthnSupport } from './passkeySignIn';
import { forgetProviderReturn, providerReturnOf, refusalKey, useSignInProvider } from './providerSignIn';
import { ProviderSignIn } from './ProviderSignIn';
import { SecondFactorStep } from './SecondFactorStep';
import './login.css';

export interface LoginFormProps {
  session: Session;
  translate: Translate;
  locale: string;
  onLocaleChange: (locale: string) => void;
  dark: boolean;
  /** Called once the session is signed in. */
  onSignedIn: () => void;
  /** Called when the person starts typing (the panel then loads what follows the sign-in). */
  onTyping?: () => void;
}

/**
 * The login form (/login) in plain React and CSS, so that it paints before react-admin and MUI have loaded (docs/performance.md,
 * the login page). Opening it logs out (credentials cleared, logged-out flag set) and focuses the
 * username; login needs both fields; failure lists the translated errors and clears both fields. A user with a second factor
 * continues in its step (SecondFactorStep); "Sign in with a passkey" and the browser's passkey autofill sign in without a password.
 * With a provider configured, "Sign in with {name}" leaves for it; coming back with `?oidc=continue` the form takes that sign-in
 * over instead of logging out, with `?oidc_error=` it says why not; either parameter leaves the address at once.
 */
export const LoginForm = ({
  session,
  translate,
  locale,
  onLocaleChange,
  dark,
  onSignedIn,
  onTyping,
}: LoginFormProps) => {
  const [providerReturn] = useState(() => providerReturnOf(window.location.search));
  const continuing = providerReturn?.kind === 'continue';
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrorMessage[]>(() =>
    providerReturn?.kind === 'refused' ? [{ key: refusalKey(providerReturn.refusal) }] : [],
  );
  const [busy, setBusy] = useState(continuing);
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  // the second step after a sign-in at the provider has no username
  const [stepUsername, setStepUsername] = useState<string | null>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const webAuthn = useWebAuthnSupport();
  const provider = useSignInProvider(session);
  const passkeyFailed = (error: unknown) => setErrors(secondFactorErrors(error));
  usePasskeyAutofill(session, !busy && challenge === null, { onSignedIn, onError: passkeyFailed });

  useEffect(() => {
    if (!continuing) session.logout();
    usernameRef.current?.focus();
  }, [session, continuing]);

  useEffect(() => {
    if (providerReturn) forgetProviderReturn(session);
  }, [session, providerReturn]);

  const providerSignedIn = useEffectEvent(() => onSignedIn());
  const providerFailed = useEffectEvent((error: unknown) => {
    setBusy(false);
    const asked = secondFactorChallenge(error);
    if (asked) {
      setStepUsername(null);
      return setChallenge(asked);
    }
    setErrors(secondFactorErrors(error));
  });
  useEffect(() => {
    if (!continuing) return;
    let active = true;
    session.loginWithProvider().then(
      () => active && providerSignedIn(),
      (error: unknown) => active && providerFailed(error),
    );
    return () => {
      active = false;
    };
  }, [session, continuing]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || username === '' || password === '') return;
    setBusy(true);
    setErrors([]);
    try {
      await session.login(username, password);
      onSignedIn();
    } catch (error) {
      const asked = secondFactorChallenge(error);
      setPassword('');
      setBusy(false);
      if (asked) {
        setStepUsername(username);
        return setChallenge(asked);
      }
      setErrors(loginErrors(error));
      setUsername('');
    }
  };

  const passkeySignIn = async () => {
    onTyping?.();
    setBusy(true);
    setErrors([]);
    try {
      await signInWithPasskey(session);
      onSignedIn();
    } catch (error) {
      passkeyFailed(error);
      setBusy(false);
    }
  };

  const restart = (restartErrors: LoginErrorMessage[]) => {
    setChallenge(null);
    setErrors(restartErrors);
    if (restartErrors.length === 0) setTimeout(() => usernameRef.current?.focus());
  };

  const changeTo = (set: (value: string) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    onTyping?.();
    set(event.target.value);
  };

  // after the render that shows the errors and enables the fields again
  useEffect(() => {
    if (errors.length > 0) usernameRef.current?.focus();
  }, [errors]);

  useEffect(() => setDocumentTitle(translate('caredesk.login.title')), [translate, locale]);

  return (
    <div className={dark ? 'login login--dark' : 'login'} lang={locale}>
      <LanguageMenu locale={locale} onChange={onLocaleChange} />
      <main className="login-card">
        <div className="login-form">
          <div className="login-heading">
            <div className="login-avatar">
              <LockIcon />
            </div>
            <h1 className="login-title">{translate('caredesk.app_title')}</h1>
            <p className="login-subtitle">{translate('caredesk.login.title')}</p>
          </div>
          {challenge ? (
            <SecondFactorStep
              session={session}
              username={stepUsername}
              challenge={challenge}
              translate={translate}
              onSignedIn={onSignedIn}
              onRestart={restart}
            />
          ) : (
            <form className="login-form" noValidate onSubmit={submit}>
              {continuing && busy && (
                <p className="login-note" role="status">
                  {translate('caredesk.provider_sign_in.continuing')}
                </p>
              )}
              {errors.map((error, index) => (
                <div key={index} className="login-alert" role="alert">
                  <ErrorOutlineIcon />
                  <span className="login-alert-text">{loginErrorText(error, translate)}</span>
                </div>
              ))}
              <LoginField
                inputRef={usernameRef}
                label={translate('caredesk.login.username')}
                name="username"
                autoComplete="username webauthn"
                value={username}
                onChange={changeTo(setUsername)}
                disabled={busy}
              />
              <LoginField
                label={translate('caredesk.login.password')}
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={changeTo(setPassword)}
                disabled={busy}
              />
              <button type="submit" className="login-submit" disabled={busy}>
                {busy && (
                  <span className="login-spinner" role="progressbar" aria-label={translate('ra.page.loading')} />
                )}
                {translate('caredesk.login.submit')}
              </button>
              {webAuthn && (
                <button type="button" className="login-secondary" onClick={passkeySignIn} disabled={busy}>
                  {translate('caredesk.second_factor.passkey_sign_in')}
                </button>
              )}
              <ProviderSignIn session={session} provider={provider} translate={translate} disabled={busy} />
            </form>
          )}
        </div>
      </main>
    </div>
  );
};
