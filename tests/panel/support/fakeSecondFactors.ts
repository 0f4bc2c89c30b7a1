import type { Static } from '@sinclair/typebox';
import { http, HttpResponse } from 'msw';
import type { TokenPairResponse } from '../../../contracts/auth';
import type { ProblemSlug } from '../../../contracts/problem-types';
import type {
  AccessTokenResponse,
  ConfirmedFactorResponse,
  NewFactorBody,
  PasskeyOptionsResponse,
  PasskeySignInBody,
  ReauthenticateInput,
  RecoveryCodesResponse,
  SecondFactorKind,
  SecondFactorProofInput,
  SecondFactorResponse,
  TotpConfirmBody,
  TotpEnrollmentResponse,
  UserSecondFactorsResponse,
  WebAuthnRegistrationBody,
} from '../../../contracts/second-factors';
import { deviceTokenOf, providerInsteadOfPassword, secondFactorRequired, signInWithProvider } from './fakeAuthSignIn';
import { json, problem, type FakeAuthCore } from './fakeAuthState';
import type { FakeUser } from './fakeAuthUsers';

/** The one code the fake's authenticator apps show. */
export const VALID_TOTP_CODE = '123456';
export const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const typed = (status: number, slug: ProblemSlug, detail: string) =>
  problem(status, status === 401 ? 'Unauthorized' : 'Bad Request', detail, undefined, {}, `/problems/${slug}`);
const noContent = () => new HttpResponse(null, { status: 204 });
const normalized = (code: string) => code.replace(/[\s-]+/g, '').toLowerCase();

/** The second step of a sign-in, or a re-authentication (either step). */
type Proof = SecondFactorProofInput | ReauthenticateInput;

/**
 * Second factors, passkeys and re-authentication as contracts/second-factors.ts describes them: TOTP accepts VALID_TOTP_CODE,
 * a recovery code works once, any WebAuthn answer is accepted for a user with a passkey. A challenge ends after 5 wrong codes.
 */
export function secondFactorHandlers(core: FakeAuthCore, base: string) {
  const { state, issue, record, authenticated, needsReauthentication, nextNumber } = core;
  const { users } = state;
  const pendingTotp = new Map<string, { uid: string; name: string }>();
  const passkeyTokens = new Set<string>();

  const newRecoveryCodes = (user: FakeUser) => {
    user.recoveryCodes = Array.from(
      { length: 10 },
      (_, index) => `rc${nextNumber()}-${String(index).padStart(4, '0')}`,
    );
    return user.recoveryCodes;
  };

  /**
   * Ends the user's sessions of `state.sessions`, as the first factor ends the user's other ones and a reset all of them (the calling
   * session is never among them here); answers how many.
   */
  const endSessionsOf = (user: FakeUser) => {
    const others = [...state.sessions.values()].filter((session) => session.uid === user.uid);
    for (const session of others) state.sessions.delete(session.family);
    return others.length;
  };

  const addFactor = (user: FakeUser, kind: SecondFactorKind, name: string) => {
    const factor: SecondFactorResponse = {
      uid: `factor-${nextNumber()}`,
      kind,
      name,
      created: state.now(),
      last_used: null,
    };
    const first = !user.factors?.length;
    user.factors = [...(user.factors ?? []), factor];
    return json({
      factor,
      ...(first ? { recovery_codes: newRecoveryCodes(user), sessions_ended: endSessionsOf(user) } : {}),
    } satisfies ConfirmedFactorResponse);
  };

  const accepts = (user: FakeUser, proof: Proof) => {
    const kinds = new Set(user.factors?.map((factor) => factor.kind));
    if (proof.totp_code !== undefined) return kinds.has('totp') && proof.totp_code === VALID_TOTP_CODE;
    if (proof.webauthn !== undefined) return kinds.has('webauthn');
    const code = normalized(proof.recovery_code ?? '');
    const index = (user.recoveryCodes ?? []).findIndex((kept) => normalized(kept) === code);
    if (index >= 0) user.recoveryCodes!.splice(index, 1);
    return index >= 0;
  };

  /** The user the challenge's proof confirms, or the refusal. */
  const proven = (proof: Proof): FakeUser | Response => {
    const challenge = state.secondFactorTokens.get(proof.second_factor_token ?? '');
    const user = challenge && users.get(challenge.uid);
    if (!challenge || !user) return typed(401, 'invalid-second-factor-token', 'The sign-in has ended.');
    if (!accepts(user, proof)) {
      if (++challenge.failures >= 5) state.secondFactorTokens.delete(proof.second_factor_token!);
      return typed(401, 'invalid-second-factor', 'The code is not correct.');
    }
    state.secondFactorTokens.delete(proof.second_factor_token!);
    return user;
  };

  const sensitive = (
    handler: (user: FakeUser, request: Request, params: Record<string, string>) => Promise<Response> | Response,
  ) => authenticated((user, request, params) => needsReauthentication(request) ?? handler(user, request, params));

  return [
    http.post(`${base}/token/second-factor/`, async ({ request }) => {
      await record(request);
      const user = proven((await request.json()) as SecondFactorProofInput);
      return user instanceof Response
        ? user
        : json({ ...issue(user.uid), device_token: deviceTokenOf(user, nextNumber()) } satisfies TokenPairResponse);
    }),

    http.post(`${base}/passkey/options/`, async ({ request }) => {
      await record(request);
      const token = `passkey-${nextNumber()}`;
      passkeyTokens.add(token);
      return json({
        passkey_token: token,
        webauthn_options: { challenge: `passkey-challenge-${token}`, rpId: 'localhost', userVerification: 'required' },
      } satisfies PasskeyOptionsResponse);
    }),

    http.post(`${base}/token/passkey/`, async ({ request }) => {
      await record(request);
      const body = (await request.json()) as Static<typeof PasskeySignInBody>;
      // WebAuthn's own AuthenticationResponseJSON, which the contract passes through unread
      const { userHandle } = (body.webauthn as { response?: { userHandle?: string } }).response ?? {};
      const user = [...users.values()].find(
        (candidate) => candidate.uid === userHandle && candidate.factors?.some((factor) => factor.kind === 'webauthn'),
      );
      if (!passkeyTokens.delete(body.passkey_token) || !user)
        return typed(401, 'invalid-webauthn-response', 'The passkey could not be confirmed.');
      return json(issue(user.uid));
    }),

    http.post(
      `${base}/reauthenticate/`,
      authenticated(async (user, request) => {
        const body = (await request.json()) as ReauthenticateInput;
        if (body.second_factor_token === undefined) {
          if (body.password !== user.password) return typed(401, 'invalid-credentials', 'Wrong password.');
          const provider = providerInsteadOfPassword(user, state.provider);
          if (provider !== null) return signInWithProvider(provider);
          if (user.factors?.length) return secondFactorRequired(core, user);
        } else {
          const confirmed = proven(body);
          if (confirmed instanceof Response) return confirmed;
        }
        const { access_token, issued, expires } = issue(user.uid);
        state.freshAccessTokens.add(access_token);
        return json({ access_token, issued, expires } satisfies AccessTokenResponse);
      }),
    ),

    http.get(
      `${base}/second-factors/`,
      authenticated((user) => json(user.factors ?? [])),
    ),

    http.post(
      `${base}/second-factors/totp/`,
      sensitive(async (user, request) => {
        const { name } = (await request.json()) as Static<typeof NewFactorBody>;
        const uid = `pending-${nextNumber()}`;
        pendingTotp.set(uid, { uid: user.uid, name: name ?? 'Authenticator app' });
        return json({
          uid,
          secret: TOTP_SECRET,
          otpauth_uri: `otpauth://totp/Caredesk:${user.username}?secret=${TOTP_SECRET}&issuer=Caredesk`,
        } satisfies TotpEnrollmentResponse);
      }),
    ),

    http.post(
      `${base}/second-factors/totp/:uid/confirm/`,
      sensitive(async (user, request, params) => {
        const pending = pendingTotp.get(params.uid);
        if (!pending || pending.uid !== user.uid) return typed(404, 'second-factor-not-found', 'No such factor.');
        const { code } = (await request.json()) as Static<typeof TotpConfirmBody>;
        if (code !== VALID_TOTP_CODE) return typed(400, 'invalid-code', 'The code is not correct.');
        pendingTotp.delete(params.uid);
        return addFactor(user, 'totp', pending.name);
      }),
    ),

    http.post(
      `${base}/second-factors/webauthn/options/`,
      sensitive((user) =>
        json({
          challenge: 'registration-challenge',
          rp: { name: 'Caredesk', id: 'localhost' },
          user: { id: user.uid, name: user.username, displayName: user.public_name },
          pubKeyCredParams: [],
        }),
      ),
    ),

    http.post(
      `${base}/second-factors/webauthn/`,
      sensitive(async (user, request) => {
        const { name } = (await request.json()) as Static<typeof WebAuthnRegistrationBody>;
        return addFactor(user, 'webauthn', name ?? 'Passkey');
      }),
    ),

    http.delete(
      `${base}/second-factors/:uid/`,
      sensitive((user, _request, params) => {
        if (!user.factors?.some((factor) => factor.uid === params.uid))
          return typed(404, 'second-factor-not-found', 'No such factor.');
        user.factors = user.factors.filter((factor) => factor.uid !== params.uid);
        return noContent();
      }),
    ),

    http.post(
      `${base}/second-factors/recovery-codes/`,
      sensitive((user) => json({ recovery_codes: newRecoveryCodes(user) } satisfies RecoveryCodesResponse)),
    ),

    http.get(
      `${base}/administration/users/:uid/second-factors/`,
      authenticated((_user, _request, params) => {
        const target = users.get(params.uid);
        if (!target) return typed(404, 'user-not-found', 'No such user.');
        const grace = target.factors?.length ? null : (target.graceUntil ?? null);
        return json({
          required: !!target.secondFactorRequired,
          grace_until: grace,
          factors: target.factors ?? [],
          recovery_codes_left: target.recoveryCodes?.length ?? 0,
        } satisfies UserSecondFactorsResponse);
      }),
    ),

    http.delete(
      `${base}/administration/users/:uid/second-factors/`,
      sensitive((_user, _request, params) => {
        const target = users.get(params.uid);
        if (!target) return typed(404, 'user-not-found', 'No such user.');
        target.factors = [];
        target.recoveryCodes = [];
        endSessionsOf(target);
        return noContent();
      }),
    ),
  ];
}
