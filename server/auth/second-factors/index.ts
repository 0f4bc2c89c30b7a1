/**
 * The auth service's second factors (docs/api.md, Second factors): authenticator apps (TOTP), WebAuthn credentials and recovery
 * codes; the second step of a sign-in, the passkey sign-in and the re-authentication; each user's own factors and their
 * administration. The rest of the auth service uses them only through this module. Who must have one (the roles' requirement)
 * is second-factor-policy.ts beside the users, which read it with every user.
 */

export { factorKeysOf } from './context';
export { challengeHashOf, consumeChallenge, secondFactorRequired } from './challenges';
export { relyingPartyOf, type RelyingParty } from './webauthn';
export { TOTP_PENDING_SECONDS } from './totp';
export { secondFactorSignInRoutes } from './sign-in-routes';
export { ownFactorRoutes } from './own-factor-routes';
export { factorAdministrationRoutes } from './administration-routes';
