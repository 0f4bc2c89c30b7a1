import type { ProviderRefusal } from '../../../../contracts/oidc';

/** The login page's sign-in at the agency's OpenID Connect provider (caredesk.provider_sign_in.*). */
export const providerSignInEn = {
  provider_sign_in: {
    sign_in_with: 'Sign in with %{provider}',
    or: 'or',
    unreachable: '%{provider} cannot be reached right now. Sign in with your password, or try again later.',
    continuing: 'Finishing the sign-in…',
    /** Why a sign-in at the provider came back without a session (contracts/oidc.ts, PROVIDER_REFUSALS). */
    refusals: {
      'not-configured': 'Signing in through a sign-in provider is not set up. Sign in with your password.',
      unreachable: 'The sign-in provider cannot be reached right now. Sign in with your password, or try again later.',
      'invalid-state':
        'The sign-in at the provider was not started on this page, took longer than 10 minutes or was already used. Please try again.',
      'provider-refused': 'The sign-in provider did not sign you in: it was cancelled or refused there.',
      'invalid-response':
        "The sign-in provider's answer could not be verified, so you were not signed in. Please try again; if it happens again, tell an administrator.",
      'no-account':
        'No Caredesk user belongs to your account at the sign-in provider. Ask an administrator to add you.',
      'no-role':
        'Your account at the sign-in provider is in no group that gives a Caredesk role. Ask an administrator to add you to one.',
      banned: 'Your Caredesk user is banned. Ask an administrator.',
      failed: 'The sign-in through the provider failed. Please try again later, or tell an administrator.',
    } satisfies Record<ProviderRefusal, string>,
  },
};

/** What index.ts merges into the language's messages. */
export const messages = { caredesk: providerSignInEn };
