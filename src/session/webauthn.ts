/**
 * WebAuthn (passkeys and security keys) through @simplewebauthn/browser, loaded on first use so that the login page's first
 * chunk stays without it (docs/performance.md, the login page).
 */

/** WebAuthn's own JSON (options and answers), passed between the service and the browser unread. */
export type WebAuthnJson = Record<string, unknown>;

let loading: Promise<typeof import('@simplewebauthn/browser')> | null = null;
/** One import shared by every caller (the login page asks twice at once: passkey button and autofill). */
const library = () => (loading ??= import('@simplewebauthn/browser'));

/** The refusal of a browser without WebAuthn, told apart from a failed ceremony. */
const notSupported = () =>
  Object.assign(new Error('WebAuthn is not supported in this browser'), { name: 'NotSupportedError' });

export const isWebAuthnUnsupported = (error: unknown) => error instanceof Error && error.name === 'NotSupportedError';

/** Asks an authenticator to sign the service's challenge; with `autofill` the browser offers its passkeys in the username field. */
export async function answerChallenge(optionsJSON: WebAuthnJson, autofill = false): Promise<WebAuthnJson> {
  const { startAuthentication, browserSupportsWebAuthn } = await library();
  if (!browserSupportsWebAuthn()) throw notSupported();
  const answer = await startAuthentication({ optionsJSON: optionsJSON as never, useBrowserAutofill: autofill });
  return answer as unknown as WebAuthnJson;
}

/** Creates a credential on an authenticator for the service's registration options. */
export async function registerAuthenticator(optionsJSON: WebAuthnJson): Promise<WebAuthnJson> {
  const { startRegistration, browserSupportsWebAuthn } = await library();
  if (!browserSupportsWebAuthn()) throw notSupported();
  return (await startRegistration({ optionsJSON: optionsJSON as never })) as unknown as WebAuthnJson;
}

export async function supportsWebAuthn(): Promise<boolean> {
  return (await library()).browserSupportsWebAuthn();
}

export async function supportsAutofill(): Promise<boolean> {
  const { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill } = await library();
  return browserSupportsWebAuthn() && (await browserSupportsWebAuthnAutofill());
}

/** Ends a waiting ceremony (the autofill request), so that the next one may start. */
export async function cancelCeremony(): Promise<void> {
  (await library()).WebAuthnAbortService.cancelCeremony();
}

/** The person closed the browser's dialog, it timed out, or the panel ended the ceremony: nothing to report as a failure. */
export function isCeremonyCancelled(error: unknown): boolean {
  const name = error instanceof Error ? error.name : '';
  return name === 'NotAllowedError' || name === 'AbortError';
}
