import { useEffect, useState } from 'react';
import type {
  PROVIDER_REFUSAL_PARAMETER,
  PROVIDER_SIGN_IN_CONTINUES,
  ProviderInfoResponse,
  ProviderRefusal,
} from '../../contracts/oidc';
import type { Session } from '../session/session';

/**
 * The login page's side of the sign-in at the OpenID Connect provider (docs/panel.md, Sign-in through the provider). The contract's
 * constants are restated here, checked against it by their types: importing them would bring TypeBox into the login page's chunk.
 */

const CONTINUES: typeof PROVIDER_SIGN_IN_CONTINUES = { oidc: 'continue' };
const REFUSAL_PARAMETER: typeof PROVIDER_REFUSAL_PARAMETER = 'oidc_error';
const REFUSALS: Record<ProviderRefusal, true> = {
  'not-configured': true,
  unreachable: true,
  'invalid-state': true,
  'provider-refused': true,
  'invalid-response': true,
  'no-account': true,
  'no-role': true,
  banned: true,
  failed: true,
};

const isRefusal = (value: string): value is ProviderRefusal => Object.hasOwn(REFUSALS, value);

/** How the provider sent the browser back to the login page: to take the sign-in over, or refused (an unknown word: `failed`). */
export type ProviderReturn = { kind: 'continue' } | { kind: 'refused'; refusal: ProviderRefusal } | null;

export function providerReturnOf(search: string): ProviderReturn {
  const params = new URLSearchParams(search);
  const refusal = params.get(REFUSAL_PARAMETER);
  if (refusal !== null) return { kind: 'refused', refusal: isRefusal(refusal) ? refusal : 'failed' };
  return params.get('oidc') === CONTINUES.oidc ? { kind: 'continue' } : null;
}

export const refusalKey = (refusal: ProviderRefusal) => `caredesk.provider_sign_in.refusals.${refusal}`;

/**
 * Takes the provider's parameters out of the address (a reload or Back then repeats nothing) and puts back the query the login page
 * had when the person left for the provider (redirect_to …), kept in the tab.
 */
export function forgetProviderReturn(session: Session): void {
  const params = new URLSearchParams(window.location.search);
  params.delete('oidc');
  params.delete(REFUSAL_PARAMETER);
  const query = session.takeProviderReturnQuery()?.replace(/^\?/, '') ?? params.toString();
  // react-router keeps its own entry in the history state: it stays
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
}

/** What GET /oidc/ says of the provider; null until it answered, or when it could not be asked (no button then). */
export function useSignInProvider(session: Session): ProviderInfoResponse | null {
  const [provider, setProvider] = useState<ProviderInfoResponse | null>(null);
  useEffect(() => {
    let active = true;
    session.signInProvider().then(
      (info) => active && setProvider(info),
      () => active && setProvider(null),
    );
    return () => {
      active = false;
    };
  }, [session]);
  return provider;
}
