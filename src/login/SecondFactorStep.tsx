import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { Translate } from '../dataProviders/problem';
import { type SecondFactorChallenge, type SecondFactorProof, signInProblem } from '../session/secondFactorChallenge';
import type { Session } from '../session/session';
import { answerChallenge } from '../session/webauthn';
import { loginErrorText, type LoginErrorMessage, secondFactorErrors } from './loginErrors';
import { LoginField } from './LoginField';
import { ErrorOutlineIcon } from './loginIcons';
import './login-second-factor.css';

type CodeMethod = 'totp' | 'recovery_code';

interface SecondFactorStepProps {
  session: Session;
  /** The username of the password step; null after a sign-in at the OpenID Connect provider. */
  username: string | null;
  challenge: SecondFactorChallenge;
  translate: Translate;
  onSignedIn: () => void;
  /** Back to the password step, with what to say there (the challenge ended, or the person went back). */
  onRestart: (errors: LoginErrorMessage[]) => void;
}

const t = (key: string) => `caredesk.second_factor.${key}`;

const firstCodeMethod = (methods: SecondFactorChallenge['methods']): CodeMethod | null =>
  methods.includes('totp')
    ? 'totp'
    : !methods.includes('webauthn') && methods.includes('recovery_code')
      ? 'recovery_code'
      : null;

const proofOf = (method: CodeMethod, code: string): SecondFactorProof =>
  method === 'totp' ? { totp_code: code.replace(/\s+/g, '') } : { recovery_code: code.trim() };

/**
 * The sign-in's second step (docs/panel.md, Second factor): a one-time code (numeric keyboard, the platform's one-time-code
 * autofill), or a recovery code, or a passkey, each offered only when the service lists it. A wrong code keeps the step; a
 * challenge that ended goes back to the password.
 */
export const SecondFactorStep = ({
  session,
  username,
  challenge,
  translate,
  onSignedIn,
  onRestart,
}: SecondFactorStepProps) => {
  const [method, setMethod] = useState(() => firstCodeMethod(challenge.methods));
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<LoginErrorMessage[]>([]);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const passkeyRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!busy) (codeRef.current ?? passkeyRef.current)?.focus();
  }, [method, errors, busy]);

  const attempt = async (proof: SecondFactorProof) => {
    setBusy(true);
    setErrors([]);
    try {
      await session.completeSecondFactor(username, challenge.token, proof);
      onSignedIn();
    } catch (error) {
      fail(error);
    }
  };

  const fail = (error: unknown) => {
    if (signInProblem(error) === 'invalid-second-factor-token') return onRestart(secondFactorErrors(error));
    setErrors(secondFactorErrors(error));
    setCode('');
    setBusy(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || method === null) return;
    if (code.trim() === '') return setErrors([{ key: t('code_required') }]);
    void attempt(proofOf(method, code));
  };

  const answerWithPasskey = async () => {
    setBusy(true);
    setErrors([]);
    try {
      await attempt({ webauthn: await answerChallenge(challenge.webauthnOptions ?? {}) });
    } catch (error) {
      fail(error);
    }
  };

  const switchTo = (next: CodeMethod) => {
    setMethod(next);
    setCode('');
    setErrors([]);
  };
  const otherMethod: CodeMethod = method === 'recovery_code' ? 'totp' : 'recovery_code';
  const canSwitch = challenge.methods.includes(otherMethod);

  return (
    <form className="login-form" noValidate onSubmit={submit} aria-labelledby="second-factor-title">
      <h2 id="second-factor-title" className="login-step-title">
        {translate(t('title'))}
      </h2>
      <p className="login-intro">
        {translate(
          t(method === 'totp' ? 'totp_intro' : method === 'recovery_code' ? 'recovery_intro' : 'webauthn_intro'),
        )}
      </p>
      {errors.map((error, index) => (
        <div key={index} className="login-alert" role="alert">
          <ErrorOutlineIcon />
          <span className="login-alert-text">{loginErrorText(error, translate)}</span>
        </div>
      ))}
      {method === 'totp' && (
        <LoginField
          inputRef={codeRef}
          label={translate(t('code'))}
          name="totp_code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          disabled={busy}
        />
      )}
      {method === 'recovery_code' && (
        <LoginField
          inputRef={codeRef}
          label={translate(t('recovery_code'))}
          name="recovery_code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          disabled={busy}
        />
      )}
      {method !== null && (
        <button type="submit" className="login-submit" disabled={busy}>
          {busy && <span className="login-spinner" role="progressbar" aria-label={translate('ra.page.loading')} />}
          {translate(t('verify'))}
        </button>
      )}
      {challenge.methods.includes('webauthn') && (
        <button ref={passkeyRef} type="button" className="login-secondary" onClick={answerWithPasskey} disabled={busy}>
          {translate(t('use_passkey'))}
        </button>
      )}
      {canSwitch && (
        <button type="button" className="login-link" onClick={() => switchTo(otherMethod)} disabled={busy}>
          {translate(t(otherMethod === 'totp' ? 'use_app' : 'use_recovery_code'))}
        </button>
      )}
      <button type="button" className="login-link" onClick={() => onRestart([])} disabled={busy}>
        {translate(t('back'))}
      </button>
    </form>
  );
};
