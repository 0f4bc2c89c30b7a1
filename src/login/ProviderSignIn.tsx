import { useId } from 'react';
import type { ProviderInfoResponse } from '../../contracts/oidc';
import type { Translate } from '../dataProviders/problem';
import type { Session } from '../session/session';

interface ProviderSignInProps {
  session: Session;
  provider: ProviderInfoResponse | null;
  translate: Translate;
  /** While a sign-in is under way the way to the provider is closed. */
  disabled: boolean;
}

const t = (key: string) => `caredesk.provider_sign_in.${key}`;

/**
 * "Sign in with {name}" below the password form when a provider is configured: a link that opens the provider's sign-in in this
 * tab. While the provider cannot be reached it is a disabled button with the reason beside it; the password form works on.
 */
export const ProviderSignIn = ({ session, provider, translate, disabled }: ProviderSignInProps) => {
  const noteId = useId();
  if (!provider?.enabled || provider.name === null) return null;
  const label = translate(t('sign_in_with'), { provider: provider.name });
  return (
    <>
      <p className="login-divider">{translate(t('or'))}</p>
      {provider.reachable && !disabled ? (
        <a
          className="login-secondary login-provider"
          href={session.providerSignInUrl}
          onClick={() => session.keepProviderReturnQuery(window.location.search)}
        >
          {label}
        </a>
      ) : (
        <button
          type="button"
          className="login-secondary login-provider"
          disabled
          aria-describedby={provider.reachable ? undefined : noteId}
        >
          {label}
        </button>
      )}
      {!provider.reachable && (
        <p id={noteId} className="login-note">
          {translate(t('unreachable'), { provider: provider.name })}
        </p>
      )}
    </>
  );
};
