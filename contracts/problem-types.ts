/**
 * Every stable problem type the services send (`type: "/problems/<slug>"`); only a 500 is `about:blank`. The panel has a text for
 * each (its slug with `-` written `_`), and docs/api.md's table lists exactly these.
 */
export const PROBLEM_TYPES = [
  'validation-error',
  'malformed-body',
  'bad-request',
  'read-only-field',
  'self-ban',
  'password-required',
  'invalid-expression',
  'unknown-provider',
  'invalid-filters',
  'missing-part',
  'unexpected-part',
  'meta-too-large',
  'files-not-allowed',
  'expiry-in-past',
  'common-password',
  'unauthorized',
  'invalid-credentials',
  'invalid-refresh-token',
  'refresh-token-reused',
  'forbidden',
  'not-found',
  'user-not-found',
  'provider-not-found',
  'account-not-found',
  'file-not-found',
  'care-request-not-found',
  'contact-erased',
  'token-not-found',
  'event-not-found',
  'mail-not-found',
  'mail-not-failed',
  'method-not-allowed',
  'not-acceptable',
  'request-timeout',
  'conflict',
  'username-taken',
  'last-roles-manager',
  'token-taken',
  'token-already-revoked',
  'provider-in-use',
  'not-cancellable',
  'content-too-large',
  'file-too-large',
  'uri-too-long',
  'unsupported-media-type',
  'not-previewable',
  'range-not-satisfiable',
  'expectation-failed',
  'too-many-sign-in-failures',
  'too-many-token-failures',
  'rate-limited',
  'request-header-fields-too-large',
  'database-unavailable',
  'http-error',
] as const;

export type ProblemSlug = (typeof PROBLEM_TYPES)[number];

/** A slug as the panel's message keys write it: `self-ban` → `self_ban`. */
export type ProblemKey<S extends string = ProblemSlug> = S extends `${infer Head}-${infer Tail}` ? `${Head}_${ProblemKey<Tail>}` : S;

export const problemType = (slug: ProblemSlug) => `/problems/${slug}`;
