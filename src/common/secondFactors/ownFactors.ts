import type { Static } from '@sinclair/typebox';
import type {
  ConfirmedFactor,
  RecoveryCodes,
  SecondFactorResponse,
  TotpEnrollment,
} from '../../../contracts/second-factors';
import type { HttpClient } from '../../dataProviders/httpClient';
import type { WebAuthnJson } from '../../session/webauthn';

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
      const { json } = await httpClient(base);
      return Array.isArray(json) ? (json as SecondFactor[]) : [];
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
