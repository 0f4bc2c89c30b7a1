import { vi } from 'vitest';

/**
 * A stand-in for @simplewebauthn/browser (jsdom has no WebAuthn), mocked for every file in tests/panel/setup.ts: a test sets what
 * the browser supports and what the authenticator answers. The answers name the user by `userHandle`, as a passkey's do.
 */
function newFakeLibrary() {
  return {
    startAuthentication: vi.fn(),
    startRegistration: vi.fn(),
    browserSupportsWebAuthn: vi.fn(() => true),
    browserSupportsWebAuthnAutofill: vi.fn(() => Promise.resolve(false)),
    WebAuthnAbortService: { cancelCeremony: vi.fn() },
  };
}

/**
 * One fake for every file of a worker, kept on the global object: the panel project shares modules between files (isolate:
 * false), so the panel's WebAuthn module keeps the library it loaded first, while each file evaluates its own copy of this module.
 */
export function fakeWebAuthnLibrary(): ReturnType<typeof newFakeLibrary> {
  const holder = globalThis as { caredeskFakeWebAuthn?: ReturnType<typeof newFakeLibrary> };
  return (holder.caredeskFakeWebAuthn ??= newFakeLibrary());
}

export type FakeWebAuthnLibrary = ReturnType<typeof fakeWebAuthnLibrary>;

/** An AuthenticationResponseJSON of the passkey of the user `uid`. */
export const assertionOf = (uid: string) => ({
  id: 'credential-1',
  rawId: 'credential-1',
  type: 'public-key',
  response: { userHandle: uid, signature: 'sig' },
  clientExtensionResults: {},
});

/** A RegistrationResponseJSON. */
export const attestation = {
  id: 'credential-2',
  rawId: 'credential-2',
  type: 'public-key',
  response: { attestationObject: 'att', clientDataJSON: 'cdj' },
  clientExtensionResults: {},
};

/** The DOMException a browser rejects with when the person closes its dialog. */
export const notAllowed = () =>
  Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });

/** Resets the fake to a browser with WebAuthn but without autofill. */
export function resetWebAuthn(library: FakeWebAuthnLibrary) {
  library.startAuthentication.mockReset();
  library.startRegistration.mockReset();
  library.browserSupportsWebAuthn.mockReturnValue(true);
  library.browserSupportsWebAuthnAutofill.mockResolvedValue(false);
  library.WebAuthnAbortService.cancelCeremony.mockReset();
}
