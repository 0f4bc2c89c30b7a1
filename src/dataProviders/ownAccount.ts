import type { Static } from '@sinclair/typebox';
import type { Info } from '../../contracts/auth';
import type {
  ConfirmedFactor,
  RecoveryCodes,
  SecondFactorResponse,
  TotpEnrollment,
} from '../../contracts/second-factors';
import type { WebAuthnJson } from '../session/webauthn';
import type { HttpClient } from './httpClient';

/**
 * The signed-in user's GET /info/ as the service sent it (an empty object for an empty answer): its reader checks each field, as
 * an older service may leave some out.
 */
export async function readOwnInfo(httpClient: HttpClient, authUrl: string): Promise<Record<string, unknown>> {
  return ((await httpClient(`${authUrl}/info/`)).json ?? {}) as Record<string, unknown>;
}

export type SecondFactor = SecondFactorResponse;
export type TotpSetup = Static<typeof TotpEnrollment>;
/** A factor just added; the user's first also brings the first recovery codes. */
export type AddedFactor = Static<typeof ConfirmedFactor>;

const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });
const named = (name: string) => (name.trim() ? { name: name.trim() } : {});

/**
 * The signed-in user's own second factors (GET/POST/DELETE /second-factors/…); the service asks for a recent sign-in
 * before a change, which the HTTP client's re-authentication answers.
 */
export function ownFactors(httpClient: HttpClient, authUrl: string) {
  const base = `${authUrl}/second-factors/`;
  return {
    list: async (): Promise<SecondFactor[]> => {
      const listed = (await httpClient(base)).json;
      return Array.isArray(listed) ? (listed as SecondFactor[]) : [];
    },
    startTotp: async (name: string): Promise<TotpSetup> =>
      (await httpClient(`${base}totp/`, post(named(name)))).json as TotpSetup,
    confirmTotp: async (uid: string, code: string): Promise<AddedFactor> =>
      (await httpClient(`${base}totp/${encodeURIComponent(uid)}/confirm/`, post({ code: code.replace(/\s+/g, '') })))
        .json as AddedFactor,
    webauthnOptions: async (): Promise<WebAuthnJson> =>
      (await httpClient(`${base}webauthn/options/`, post({}))).json as WebAuthnJson,
    addWebauthn: async (name: string, webauthn: WebAuthnJson): Promise<AddedFactor> =>
      (await httpClient(`${base}webauthn/`, post({ ...named(name), webauthn }))).json as AddedFactor,
    remove: async (uid: string): Promise<void> =>
      void (await httpClient(`${base}${encodeURIComponent(uid)}/`, { method: 'DELETE' })),
    newRecoveryCodes: async (): Promise<string[]> =>
      ((await httpClient(`${base}recovery-codes/`, post({}))).json as Static<typeof RecoveryCodes>).recovery_codes,
  };
}

export type OwnFactors = ReturnType<typeof ownFactors>;

/** The name of the OpenID Connect provider the signed-in user is linked to and signs in at (GET /info/?extended=true), or null. */
export async function readOwnProvider(httpClient: HttpClient, authUrl: string): Promise<string | null> {
  const info = (await httpClient(`${authUrl}/info/?extended=true`)).json as Partial<Static<typeof Info>> | null;
  const provider = info?.authentication?.provider;
  return typeof provider === 'string' && provider !== '' ? provider : null;
}

/** The provider whose sign-in replaces the signed-in user's password (GET /info/?extended=true), or null when the password is theirs. */
export async function readProviderInsteadOfPassword(httpClient: HttpClient, authUrl: string): Promise<string | null> {
  const info = (await httpClient(`${authUrl}/info/?extended=true`)).json as Partial<Static<typeof Info>> | null;
  const provider = info?.authentication?.provider;
  return info?.authentication?.password_refused === true && typeof provider === 'string' && provider !== ''
    ? provider
    : null;
}

/**
 * Sets the caller's own password: GET {authUrl}/info/?extended=true for the username, then
 * PUT {authUrl}/update-password-authentication/ with {username, password}.
 */
export async function updateOwnPassword(httpClient: HttpClient, authUrl: string, password: string): Promise<void> {
  const info = (await httpClient(`${authUrl}/info/?extended=true`)).json as Partial<Static<typeof Info>> | null;
  const username = info?.authentication?.username;
  if (typeof username !== 'string' || username === '') throw new Error('caredesk.password.no_username');
  await httpClient(`${authUrl}/update-password-authentication/`, {
    method: 'PUT',
    body: JSON.stringify({ username, password }),
  });
}
