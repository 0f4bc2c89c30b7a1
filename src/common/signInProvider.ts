import { useQuery } from '@tanstack/react-query';
import type { ProviderInfoResponse } from '../../contracts/oidc';
import { useServices } from './ServicesContext';

/**
 * The agency's OpenID Connect provider as GET /api/auth/oidc/ describes it (the session's sign-in request), for the screens that
 * show how users sign in: null until it answered, or when it could not be asked.
 */
export function useSignInProviderInfo(): ProviderInfoResponse | null {
  const { session } = useServices();
  const { data } = useQuery({
    queryKey: ['sign-in-provider'],
    queryFn: () => session.signInProvider(),
    staleTime: 5 * 60_000,
    retry: false,
  });
  return data ?? null;
}

/** The provider's name where one is configured, else null: the screens then show nothing of sign-in methods. */
export function useSignInProviderName(): string | null {
  const provider = useSignInProviderInfo();
  return provider?.enabled ? provider.name : null;
}
