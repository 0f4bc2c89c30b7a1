import { useEffect, useRef, useState } from 'react';
import type { Session } from '../session/session';
import {
  answerChallenge,
  cancelCeremony,
  isCeremonyCancelled,
  supportsAutofill,
  supportsWebAuthn,
} from '../session/webauthn';

/** Signs in with a passkey the person picks in the browser's dialog. */
export async function signInWithPasskey(session: Session): Promise<void> {
  const { passkeyToken, webauthnOptions } = await session.passkeyChallenge();
  await session.loginWithPasskey(passkeyToken, await answerChallenge(webauthnOptions));
}

/** Whether this browser can use passkeys at all (false until known). */
export function useWebAuthnSupport(): boolean {
  const [supported, setSupported] = useState(false);
  useEffect(() => {
    let current = true;
    supportsWebAuthn().then(
      (value) => current && setSupported(value),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return supported;
}

interface AutofillHandlers {
  onSignedIn: () => void;
  onError: (error: unknown) => void;
}

/**
 * Conditional UI: while `active`, the browser offers its passkeys in the username field (autocomplete "username webauthn"), and
 * a chosen one signs in. It waits in the background and never holds up a password sign-in: turning `active` off (the form
 * was submitted) ends the waiting ceremony, and a challenge the service could not give just leaves the offer out.
 */
export function usePasskeyAutofill(session: Session, active: boolean, handlers: AutofillHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let waiting = false;
    const offer = async () => {
      if (!(await supportsAutofill())) return;
      const { passkeyToken, webauthnOptions } = await session.passkeyChallenge();
      if (stopped) return;
      waiting = true;
      const answer = await answerChallenge(webauthnOptions, true).finally(() => (waiting = false));
      if (stopped) return;
      try {
        await session.loginWithPasskey(passkeyToken, answer);
      } catch (error) {
        if (!stopped) latest.current.onError(error);
        return;
      }
      latest.current.onSignedIn();
    };
    // before the person picked a passkey nothing is reported: cancelled, unsupported or no challenge, the password form stays
    offer().catch(() => undefined);
    return () => {
      stopped = true;
      // only its own ceremony: a passkey button's, started meanwhile, must go on
      if (waiting) cancelCeremony().catch(() => undefined);
    };
  }, [session, active]);
}

export { isCeremonyCancelled };
