import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { auditContextOf } from '../../shared/audit';
import { createOnce } from '../../shared/idempotency';
import { problems } from '../../../contracts/common';
import type { ServiceApp } from '../../shared/service';
import {
  ConfirmedFactor,
  FactorParams,
  NewFactorBody,
  RecoveryCodes,
  SecondFactor,
  TotpConfirmBody,
  TotpEnrollment,
  WebAuthnOptions,
  WebAuthnRegistrationBody,
} from '../../../contracts/second-factors';
import type { FactorContext } from './context';
import { confirmTotp, registerWebAuthn, startTotpEnrollment, webauthnRegistrationOptions } from './enrollment';
import { listOwnFactors, removeOwnFactor, renewRecoveryCodes, type FactorOwner } from './own-factors';
import { signedIn } from '../route-parts';

/**
 * The signed-in user's own second factors. Every route is open to a session that may only enroll one; the changes need an
 * authentication within 5 minutes (a sign-in is one, so the first factor can follow it at once).
 */

const OWN = { permission: 'signed-in', enrollment: true } as const;
const SENSITIVE = { ...OWN, recentAuthentication: true } as const;
/** Adding a factor takes an Idempotency-Key: a retry after a lost answer gets the same secret or recovery codes. */
const ADDING = { ...SENSITIVE, idempotent: true } as const;

const RECENT =
  'Needs an authentication within 5 minutes (401 `/problems/reauthentication-required`: POST /reauthenticate/). Any signed-in user may call it, ' +
  'also in a session that may only enroll a second factor.';
const FIRST_FACTOR =
  "The user's first factor also answers the first `recovery_codes` (shown once) and ends every other session of the user at once (they were " +
  'opened with the password alone; `sessions_ended` says how many), and in a session that may only enroll a factor it ends that state from ' +
  'the next refresh on. Audited as `second-factor.add` (with `sessions_ended` for the first factor).';

const ownerOf = ({ user }: FastifyRequest): FactorOwner => ({
  uid: user.uid,
  publicName: user.publicName,
  sessionFamily: user.sessionFamily,
});

export function ownFactorRoutes(app: ServiceApp, context: FactorContext) {
  const { db } = context;
  app.get(
    '/second-factors/',
    {
      config: OWN,
      schema: {
        ...signedIn(
          "The signed-in user's second factors",
          'Confirmed authenticator apps and WebAuthn credentials (security keys, passkeys), oldest first, with `name`, `created` and `last_used`; ' +
            'never a secret. Any signed-in user may call it, also in a session that may only enroll a second factor.',
        ),
        response: { 200: Type.Array(SecondFactor), ...problems(400, 401) },
      },
    },
    async (request) => listOwnFactors(db, ownerOf(request)),
  );

  app.post(
    '/second-factors/totp/',
    {
      config: ADDING,
      schema: {
        ...signedIn(
          'Start adding an authenticator app',
          'Answers a pending factor: its `uid`, the shared `secret` (base32, for typing) and the same as an `otpauth_uri` (for a QR code): ' +
            'SHA-1, 6 digits, 30 seconds. It becomes a second factor when POST /second-factors/totp/{uid}/confirm/ sends one of its codes within ' +
            `10 minutes; until then it is not listed and not asked for. The secret is kept encrypted. ${RECENT}`,
        ),
        body: NewFactorBody,
        response: { 200: TotpEnrollment, ...problems(400, 401) },
      },
    },
    async (request, reply) =>
      createOnce(request, reply, db, {
        effect: (keyed) => startTotpEnrollment({ ...context, db: keyed }, ownerOf(request), request.body.name),
        answer: (enrollment) => ({ status: 200, body: enrollment }),
      }),
  );

  app.post(
    '/second-factors/totp/:uid/confirm/',
    {
      config: ADDING,
      schema: {
        ...signedIn(
          'Confirm an authenticator app with its current code',
          '400 `/problems/invalid-code` (field `code`) for a code that is not the current one (one 30-second step either side is accepted). ' +
            '404 `/problems/second-factor-not-found` when the user has no pending authenticator app with this uid started within 10 minutes. ' +
            `${FIRST_FACTOR} ${RECENT}`,
        ),
        params: FactorParams,
        body: TotpConfirmBody,
        response: { 200: ConfirmedFactor, ...problems(400, 401, 404) },
      },
    },
    async (request, reply) =>
      createOnce(request, reply, db, {
        effect: (keyed) =>
          confirmTotp(
            { ...context, db: keyed },
            ownerOf(request),
            request.params.uid,
            request.body.code,
            auditContextOf(request),
          ),
        answer: (confirmed) => ({ status: 200, body: confirmed }),
      }),
  );

  app.post(
    '/second-factors/webauthn/options/',
    {
      config: SENSITIVE,
      schema: {
        ...signedIn(
          'Start adding a security key or passkey',
          'WebAuthn creation options (PublicKeyCredentialCreationOptionsJSON) for navigator.credentials.create: the RP ID is the host of ' +
            "PANEL_URL, the user's credentials are excluded, a resident key (passkey) and user verification are preferred, no attestation. The " +
            `challenge is single use and valid for 5 minutes. A body is ignored. ${RECENT}`,
        ),
        response: { 200: WebAuthnOptions, ...problems(400, 401) },
      },
    },
    async (request) => webauthnRegistrationOptions(context, ownerOf(request)),
  );

  app.post(
    '/second-factors/webauthn/',
    {
      config: ADDING,
      schema: {
        ...signedIn(
          'Add the security key or passkey that answered the options',
          '`webauthn` is the RegistrationResponseJSON; `name` defaults to "Passkey" for a synced credential and "Security key" otherwise. ' +
            '400 `/problems/invalid-webauthn-response` (field `webauthn`) when the answer is not to a challenge of the last 5 minutes, does not ' +
            `verify (origin, RP ID, challenge, signature) or names a credential registered already. ${FIRST_FACTOR} ${RECENT}`,
        ),
        body: WebAuthnRegistrationBody,
        response: { 200: ConfirmedFactor, ...problems(400, 401) },
      },
    },
    async (request, reply) =>
      createOnce(request, reply, db, {
        effect: (keyed) =>
          registerWebAuthn({ ...context, db: keyed }, ownerOf(request), request.body, auditContextOf(request)),
        answer: (confirmed) => ({ status: 200, body: confirmed }),
      }),
  );

  app.delete(
    '/second-factors/:uid/',
    {
      config: SENSITIVE,
      schema: {
        ...signedIn(
          'Remove one of your second factors',
          'A confirmed or pending one. Removing the last one also deletes the recovery codes; the sign-in then needs the password only (or, ' +
            "where the user's roles require a factor and the grace period is over, gives a session that may only enroll one). 404 " +
            `\`/problems/second-factor-not-found\` when the user has no factor with this uid. Audited as \`second-factor.remove\`. ${RECENT}`,
        ),
        params: FactorParams,
        response: { 204: Type.Null(), ...problems(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await removeOwnFactor(context, ownerOf(request), request.params.uid, auditContextOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/second-factors/recovery-codes/',
    {
      config: SENSITIVE,
      schema: {
        ...signedIn(
          'New recovery codes',
          `A new set of 10 single-use codes, shown once (only keyed hashes are kept); the old set stops working. Each stands in for a second ` +
            'factor once at sign-in or re-authentication (dashes, blanks and case do not matter). 409 `/problems/conflict` for a user without a ' +
            `second factor. A body is ignored. Audited as \`recovery-codes.renew\`. ${RECENT}`,
        ),
        response: { 200: RecoveryCodes, ...problems(400, 401, 409) },
      },
    },
    async (request) => renewRecoveryCodes(context, ownerOf(request), auditContextOf(request)),
  );
}
