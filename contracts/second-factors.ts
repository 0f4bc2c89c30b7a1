import { Type, type Static } from '@sinclair/typebox';
import { Uid } from './common';
import { closed, nullable } from './schema-kit';

/**
 * Second factors, passkeys and re-authentication (docs/api.md, Second factors): request and response schemas of the auth service's
 * routes for them. WebAuthn's own JSON (options, registration and authentication responses) is passed through as objects: the
 * WebAuthn library checks it, and its shape is the W3C's.
 */

export const SECOND_FACTOR_KINDS = ['totp', 'webauthn'] as const;
export type SecondFactorKind = (typeof SECOND_FACTOR_KINDS)[number];
/** What the second step of a sign-in or re-authentication may prove: a factor of either kind, or a recovery code. */
export const SECOND_FACTOR_METHODS = ['totp', 'webauthn', 'recovery_code'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** How long a sign-in may wait for its second factor, and how many wrong codes end it. */
export const SECOND_FACTOR_TOKEN_SECONDS = 300;
export const SECOND_FACTOR_MAX_FAILURES = 5;
/** How recent an authentication the sensitive actions need (the access token's auth_time). */
export const RECENT_AUTHENTICATION_SECONDS = 300;
export const RECOVERY_CODE_COUNT = 10;

export const TotpCode = Type.String({
  pattern: '^[0-9]{6}$',
  description: 'the six digits the authenticator app shows',
});
/** Recovery codes are written in groups (`abcd-efgh-jkmn`); blanks and dashes are ignored, letters regardless of case. */
export const RecoveryCode = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'one of the recovery codes; dashes, blanks and case do not matter',
});
const WebAuthnJson = (description: string) => Type.Object({}, { additionalProperties: true, description });
const FactorName = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^(?!\\s)(?!.*\\s$)[^\\u0000-\\u001f\\u007f]+$',
  description: 'free of control characters, not starting or ending with whitespace',
});

// --- requests ---

/** The second step of a sign-in or re-authentication: exactly one of the three proofs. */
export const SecondFactorProofBody = Type.Object(
  {
    second_factor_token: Type.String({
      minLength: 1,
      maxLength: 128,
      description: 'from the second-factor-required problem; single use, 5 minutes',
    }),
    totp_code: Type.Optional(TotpCode),
    recovery_code: Type.Optional(RecoveryCode),
    webauthn: Type.Optional(
      WebAuthnJson("the authenticator's answer to webauthn_options (AuthenticationResponseJSON)"),
    ),
  },
  closed,
);
export const PasskeySignInBody = Type.Object(
  {
    passkey_token: Type.String({
      minLength: 1,
      maxLength: 128,
      description: 'from POST /passkey/options/; single use, 5 minutes',
    }),
    webauthn: WebAuthnJson("the authenticator's answer (AuthenticationResponseJSON), made with user verification"),
  },
  closed,
);
export const ReauthenticateBody = Type.Object(
  {
    password: Type.Optional(
      Type.String({ minLength: 1, maxLength: 1024, description: "the signed-in user's password" }),
    ),
    second_factor_token: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 128,
        description: 'from the second-factor-required problem of the password step',
      }),
    ),
    totp_code: Type.Optional(TotpCode),
    recovery_code: Type.Optional(RecoveryCode),
    webauthn: Type.Optional(WebAuthnJson("the authenticator's answer (AuthenticationResponseJSON)")),
  },
  closed,
);
export const NewFactorBody = Type.Object({ name: Type.Optional(FactorName) }, closed);
export const TotpConfirmBody = Type.Object({ code: TotpCode }, closed);
export const WebAuthnRegistrationBody = Type.Object(
  { name: Type.Optional(FactorName), webauthn: WebAuthnJson("the authenticator's answer (RegistrationResponseJSON)") },
  closed,
);
export const FactorParams = Type.Object({ uid: Uid }, closed);

// --- responses ---

export const SecondFactor = Type.Object({
  uid: Type.String(),
  kind: Type.Union(SECOND_FACTOR_KINDS.map((kind) => Type.Literal(kind))),
  name: Type.String(),
  created: Type.Integer({ description: 'epoch seconds' }),
  last_used: nullable(Type.Integer({ description: 'epoch seconds of the last sign-in or re-authentication with it' })),
});
export const TotpEnrollment = Type.Object({
  uid: Type.String({ description: 'the pending factor: confirm it with a code within 10 minutes' }),
  secret: Type.String({ description: 'the shared secret in base32, to type into an authenticator app' }),
  otpauth_uri: Type.String({ description: 'the same as an otpauth:// URI, for a QR code' }),
});
export const RecoveryCodes = Type.Object({
  recovery_codes: Type.Array(Type.String(), {
    description: 'shown once: only their hashes are kept; a new set ends the old one',
  }),
});
export const ConfirmedFactor = Type.Object({
  factor: SecondFactor,
  recovery_codes: Type.Optional(
    Type.Array(Type.String(), { description: "with the user's first factor: the first recovery codes, shown once" }),
  ),
  sessions_ended: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        "with the user's first factor: how many of the user's other sessions it ended (they were opened with the password alone)",
    }),
  ),
});
export const WebAuthnOptions = Type.Object(
  {},
  { additionalProperties: true, description: 'WebAuthn options (PublicKeyCredential…OptionsJSON)' },
);
export const PasskeyOptions = Type.Object({
  passkey_token: Type.String({ description: 'send it back with the answer; single use, 5 minutes' }),
  webauthn_options: WebAuthnOptions,
});
export const AccessToken = Type.Object({
  access_token: Type.String(),
  issued: Type.Integer({ description: 'epoch seconds; also the new auth_time' }),
  expires: Type.Integer({ description: 'epoch seconds' }),
});

/** The signed-in user's second-factor state, in /info/. */
export const OwnSecondFactorState = Type.Object({
  enrolled: Type.Boolean({ description: 'the user has a confirmed second factor' }),
  required: Type.Boolean({ description: "the user's roles require one" }),
  grace_until: nullable(
    Type.Integer({ description: 'epoch seconds: required but not enrolled, sign-in is allowed until then' }),
  ),
  enrollment_only: Type.Boolean({
    description: 'this session may only enroll a second factor (the grace period is over)',
  }),
  recovery_codes_left: Type.Integer(),
});
/** A user's second factors as the administration sees them. */
export const UserSecondFactors = Type.Object({
  required: Type.Boolean(),
  grace_until: nullable(Type.Integer({ description: 'epoch seconds; null when not required or enrolled' })),
  factors: Type.Array(SecondFactor),
  recovery_codes_left: Type.Integer(),
});
/** The users list's summary: on (a confirmed factor), required-missing (the roles require one, none enrolled), off. */
export const SECOND_FACTOR_STATES = ['on', 'required-missing', 'off'] as const;
export type SecondFactorState = (typeof SECOND_FACTOR_STATES)[number];

export type SecondFactorProofInput = Static<typeof SecondFactorProofBody>;
export type ReauthenticateInput = Static<typeof ReauthenticateBody>;
export type SecondFactorResponse = Static<typeof SecondFactor>;
export type OwnSecondFactorStateResponse = Static<typeof OwnSecondFactorState>;
export type UserSecondFactorsResponse = Static<typeof UserSecondFactors>;
export type PasskeyOptionsResponse = Static<typeof PasskeyOptions>;
export type TotpEnrollmentResponse = Static<typeof TotpEnrollment>;
export type ConfirmedFactorResponse = Static<typeof ConfirmedFactor>;
export type AccessTokenResponse = Static<typeof AccessToken>;
export type RecoveryCodesResponse = Static<typeof RecoveryCodes>;
