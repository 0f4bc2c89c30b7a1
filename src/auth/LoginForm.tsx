import { type ChangeEvent, type FormEvent, type InputHTMLAttributes, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { setDocumentTitle } from '../common/documentTitle';
import type { Translate } from '../dataProviders/problem';
import { LanguageMenu } from './LanguageMenu';
import { ErrorOutlineIcon, LockIcon } from './loginIcons';
import { loginErrorText, loginErrors, type LoginErrorMessage } from './loginErrors';
import type { Session } from './session';
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

const LoginField = ({ label, inputRef, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; inputRef?: RefObject<HTMLInputElement | null> }) => {
  const id = useId();
  return (
    <div className={input.disabled ? 'login-field login-field--disabled' : 'login-field'}>
      {/* the label follows the input so that CSS can float it once the input has focus or a value */}
      <input id={id} ref={inputRef} placeholder=" " {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
};

/**
 * The login form (/login) in plain React and CSS, so that it paints before react-admin and MUI have loaded (docs/performance.md,
 * the login page). Opening it logs out (credentials cleared, logged-out flag set) and focuses the
 * username; login needs both fields; failure lists the translated errors and clears both fields.
 */
export const LoginForm = ({ session, translate, locale, onLocaleChange, dark, onSignedIn, onTyping }: LoginFormProps) => {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrorMessage[]>([]);
  const [busy, setBusy] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    session.logout();
    usernameRef.current?.focus();
  }, [session]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || username === '' || password === '') return;
    setBusy(true);
    setErrors([]);
    try {
      await session.login(username, password);
      onSignedIn();
    } catch (error) {
      setErrors(loginErrors(error));
      setUsername('');
      setPassword('');
      setBusy(false);
    }
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
        <form className="login-form" noValidate onSubmit={submit}>
          <div className="login-heading">
            <div className="login-avatar">
              <LockIcon />
            </div>
            <h1 className="login-title">{translate('caredesk.app_title')}</h1>
            <p className="login-subtitle">{translate('caredesk.login.title')}</p>
          </div>
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
            autoComplete="username"
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
            {busy && <span className="login-spinner" role="progressbar" aria-label={translate('ra.page.loading')} />}
            {translate('caredesk.login.submit')}
          </button>
        </form>
      </main>
    </div>
  );
};
