import { problems } from '../../../contracts/common';
import { routeDocs } from '../../shared/route-docs';
import type { ServiceApp } from '../../shared/service';
import { TokenPair } from '../../../contracts/auth';
import {
  AccessToken,
  PasskeyOptions,
  PasskeySignInBody,
  ReauthenticateBody,
  SecondFactorProofBody,
} from '../../../contracts/second-factors';
import { clientOf } from '../sign-in';
import { reauthenticate } from './reauthentication';
import { signedIn, TAGS } from '../route-parts';
import { passkeyOptions, signInWithPasskey, signInWithSecondFactor, type SecondStepContext } from './sign-in';

/** The second step of a sign-in, the passkey sign-in and the re-authentication. */

const publicRoute = routeDocs(TAGS, { auth: 'public' });

const SIGNED_IN =
  'Answers the credential fields of POST /token/ (the pair and a `device_token`) and starts a session; audited as `sign-in.success` with its `method`.';

export function secondFactorSignInRoutes(app: ServiceApp, context: SecondStepContext) {
  app.post(
    '/token/second-factor/',
    {
      config: { auth: 'public' },
      schema: {
        ...publicRoute(
          'Sign in: the second factor after the password',
          '`second_factor_token` from the 401 `/problems/second-factor-required` of POST /token/ and exactly one proof: `totp_code` (the ' +
            "authenticator app's code; one 30-second step either side, never a code of a step already used), `recovery_code` (single use) or " +
            '`webauthn` (the AuthenticationResponseJSON answering its `webauthn_options`); none or two are 400 `/problems/validation-error` ' +
            'naming the field. 401 `/problems/invalid-second-factor` for a wrong proof, with `attempts_left`: it counts as a failed sign-in of ' +
            "the username from the address, and on the username's wrong proofs (docs/api.md, Sign-in throttling), and is audited as " +
            '`sign-in.second-factor-failure`; the fifth ends the token. 429 `/problems/too-many-sign-in-failures` with `Retry-After` while ' +
            'one of those keys is blocked: the proof is not checked, the attempt not counted. Send the `X-Device-Token` of POST /token/ ' +
            "again: its holder counts on the token instead of the username's keys. 401 `/problems/invalid-second-factor-token` for a token " +
            `that is unknown, used, older than 5 minutes, ended, or from another client address; 401 \`/problems/invalid-credentials\` for a user banned meanwhile. ${SIGNED_IN}`,
        ),
        body: SecondFactorProofBody,
        response: { 200: TokenPair, ...problems(400, 401, 429) },
      },
    },
    async (request) => signInWithSecondFactor(context, request.body, clientOf(request)),
  );

  app.post(
    '/passkey/options/',
    {
      config: { auth: 'public' },
      schema: {
        ...publicRoute(
          'Sign in with a passkey: the challenge',
          'WebAuthn request options (PublicKeyCredentialRequestOptionsJSON) for any discoverable credential of this site (no allowCredentials, ' +
            'user verification required), and the `passkey_token` to send back with the answer to POST /token/passkey/: single use, 5 minutes. ' +
            'A body is ignored. 400 `/problems/validation-error` for a query parameter; 429 `/problems/too-many-sign-in-failures` while the ' +
            "address's failed sign-ins block it.",
        ),
        response: { 200: PasskeyOptions, ...problems(400, 429) },
      },
    },
    async (request) => passkeyOptions(context, clientOf(request)),
  );

  app.post(
    '/token/passkey/',
    {
      config: { auth: 'public' },
      schema: {
        ...publicRoute(
          'Sign in with a passkey',
          '`webauthn` is the AuthenticationResponseJSON made with user verification; the user is the owner of the credential it names. 401 ' +
            '`/problems/invalid-second-factor-token` for a `passkey_token` that is unknown, used or older than 5 minutes (each is used up by ' +
            'its first answer, right or wrong); 401 `/problems/invalid-webauthn-response` for an unknown credential, one without user ' +
            'verification, a wrong signature, challenge or origin, or a signature counter that did not grow: audited as `sign-in.failure` and ' +
            'counted on the address in the sign-in throttle; 429 `/problems/too-many-sign-in-failures` while the address is blocked. 401 ' +
            `\`/problems/invalid-credentials\` for a banned user. ${SIGNED_IN}`,
        ),
        body: PasskeySignInBody,
        response: { 200: TokenPair, ...problems(400, 401, 429) },
      },
    },
    async (request) => signInWithPasskey(context, request.body, clientOf(request)),
  );

  app.post(
    '/reauthenticate/',
    {
      config: { permission: 'signed-in', enrollment: true },
      schema: {
        ...signedIn(
          'Re-authenticate: a fresh access token for the sensitive actions',
          "`{password}`: the signed-in user's password; a user with a second factor then gets 401 `/problems/second-factor-required` with a " +
            '`second_factor_token`, `methods` and maybe `webauthn_options`, as at sign-in, and sends `{second_factor_token, totp_code | ' +
            'recovery_code | webauthn}` (401 `/problems/invalid-second-factor`, `/problems/invalid-second-factor-token` and 429 as at POST ' +
            "/token/second-factor/, but the token must be this user's). Answers `{access_token, issued, expires}` of the same session with " +
            '`auth_time` now: the actions that need an authentication within 5 minutes accept it. A wrong password is 401 ' +
            '`/problems/invalid-credentials` and counts in the sign-in throttle like a failed sign-in (429 `/problems/too-many-sign-in-failures`); ' +
            'neither step, or both, is 400 `/problems/validation-error` naming the field. Audited as `reauthentication.success` or ' +
            '`reauthentication.failure`. Any signed-in user may call it, also in a session that may only enroll a second factor.',
        ),
        body: ReauthenticateBody,
        response: { 200: AccessToken, ...problems(400, 401, 429) },
      },
    },
    async (request) => reauthenticate(context, request.user, request.body, clientOf(request)),
  );
}
