import { Button, CircularProgress, DialogContentText, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState, useSyncExternalStore } from 'react';
import { useTranslate } from 'react-admin';
import type { ReauthenticateInput } from '../../contracts/second-factors';
import { ActionDialog } from '../common/ActionDialog';
import { useServices } from '../common/ServicesContext';
import { readProviderInsteadOfPassword } from '../dataProviders/ownAccount';
import { loginErrorText, secondFactorErrors } from '../login/loginErrors';
import { type SecondFactorChallenge, secondFactorChallenge, signInProblem } from '../session/secondFactorChallenge';
import { answerChallenge } from '../session/webauthn';
import { type CodeMethod, firstCodeMethod, SecondFactorFields } from './SecondFactorFields';

const t = (key: string) => `caredesk.reauthentication.${key}`;

/** Whether a re-authentication is being asked for now. */
function useAsking(): boolean {
  const { reauthentication } = useServices().session;
  return useSyncExternalStore(
    (changed) => reauthentication.subscribe(changed),
    () => reauthentication.isAsking(),
  );
}

/** The provider a user who has no password here confirms their identity at, once a re-authentication is asked for. */
function useProviderInsteadOfPassword(asking: boolean): string | null | undefined {
  const { httpClient, config } = useServices();
  const { data } = useQuery({
    queryKey: ['password', 'providerInsteadOfPassword'],
    queryFn: () => readProviderInsteadOfPassword(httpClient, config.authUrl),
    enabled: asking,
    retry: false,
  });
  return data;
}

/**
 * The re-authentication the HTTP client asks for when a sensitive action needs a recent sign-in (docs/panel.md,
 * Re-authentication): the password, then the second factor where the service asks for it. Success sends the waiting
 * requests again; Cancel refuses them in words. A user who signs in at the provider confirms there instead: the provider asks
 * again, and the browser comes back to this page with a fresh session, where the action is repeated.
 */
export const ReauthenticationDialog = () => {
  const translate = useTranslate();
  const { session } = useServices();
  const asking = useAsking();
  const provider = useProviderInsteadOfPassword(asking);
  const formId = useId();
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const [method, setMethod] = useState<CodeMethod | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setPassword('');
    setChallenge(null);
    setCode('');
    setError(null);
    setBusy(false);
  };

  const failed = (cause: unknown) => {
    const asked = secondFactorChallenge(cause);
    const problem = signInProblem(cause);
    if (asked) {
      setChallenge(asked);
      setMethod(firstCodeMethod(asked.methods));
    } else {
      if (problem === 'invalid-second-factor-token') setChallenge(null);
      // The password step asks for no username, so the sign-in's 'Wrong username or password' would mislead here.
      const wrongPassword = !challenge && problem === 'invalid-credentials';
      setError(
        wrongPassword ? translate(t('wrong_password')) : loginErrorText(secondFactorErrors(cause)[0], translate),
      );
    }
    setPassword('');
    setCode('');
    setBusy(false);
  };

  const send = async (body: () => ReauthenticateInput | Promise<ReauthenticateInput>) => {
    setBusy(true);
    setError(null);
    try {
      await session.reauthenticate(await body());
      reset();
      session.reauthentication.succeeded();
    } catch (cause) {
      failed(cause);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!challenge) return password ? void send(() => ({ password })) : undefined;
    if (method === null || code.trim() === '') return setError(translate('caredesk.second_factor.code_required'));
    const proof = method === 'totp' ? { totp_code: code.replace(/\s+/g, '') } : { recovery_code: code.trim() };
    void send(() => ({ second_factor_token: challenge.token, ...proof }));
  };

  const answerWithPasskey = () =>
    challenge &&
    void send(async () => ({
      second_factor_token: challenge.token,
      webauthn: await answerChallenge(challenge.webauthnOptions ?? {}),
    }));

  const cancel = () => {
    reset();
    session.reauthentication.cancel();
  };

  // the way back from the provider leads here again
  const keepThisPage = () => {
    const here = `${window.location.pathname}${window.location.search}`;
    session.keepProviderReturnQuery(`?${new URLSearchParams({ redirect_to: here }).toString()}`);
  };

  if (provider && !challenge)
    return (
      <ActionDialog
        open={asking}
        onClose={cancel}
        loading={false}
        title={translate(t('title'))}
        error={null}
        onDismissError={() => undefined}
        actions={
          <>
            <Button onClick={cancel}>{translate(t('cancel'))}</Button>
            <Button
              variant="contained"
              href={`${session.providerSignInUrl}?reauthenticate=true`}
              onClick={keepThisPage}
            >
              {translate(t('confirm_at_provider'), { provider })}
            </Button>
          </>
        }
      >
        <DialogContentText>{translate(t('intro_at_provider'), { provider })}</DialogContentText>
      </ActionDialog>
    );

  return (
    <ActionDialog
      open={asking}
      onClose={cancel}
      loading={busy}
      title={translate(challenge ? 'caredesk.second_factor.title' : t('title'))}
      error={error}
      onDismissError={() => setError(null)}
      actions={
        <>
          <Button onClick={cancel} disabled={busy}>
            {translate(t('cancel'))}
          </Button>
          {(!challenge || method !== null) && (
            <Button
              type="submit"
              form={formId}
              variant="contained"
              disabled={busy}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {translate(challenge ? 'caredesk.second_factor.verify' : t('confirm'))}
            </Button>
          )}
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit}>
        <DialogContentText>
          {translate(
            !challenge
              ? t('intro')
              : `caredesk.second_factor.${method === 'totp' ? 'totp_intro' : method === 'recovery_code' ? 'recovery_intro' : 'webauthn_intro'}`,
          )}
        </DialogContentText>
        {challenge ? (
          <SecondFactorFields
            challenge={challenge}
            method={method}
            onMethodChange={(next) => (setMethod(next), setCode(''), setError(null))}
            code={code}
            onCodeChange={setCode}
            onUsePasskey={answerWithPasskey}
            disabled={busy}
          />
        ) : (
          <TextField
            label={translate(t('password'))}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            disabled={busy}
            autoFocus
            fullWidth
            sx={{ mt: 2 }}
          />
        )}
      </form>
    </ActionDialog>
  );
};
