/** The auth service's token responses and sign-in failures, as the session reads them. */

export interface Credentials {
  accessToken: string;
  /** Epoch seconds as sent by the auth service (null when the response had none). */
  issued: number | null;
  /** Epoch seconds as sent by the auth service. */
  expires: number;
  refreshToken: string;
}

/** The names of malformed token responses. A response without refresh token yields no credentials at all. */
type TokenProblem = 'no access token' | 'no expiry' | 'no refresh token';

/** A token response that cannot be used; `message` names the problem (docs/panel.md, Session). */
export class TokenResponseError extends Error {
  readonly problem: TokenProblem;
  constructor(problem: TokenProblem) {
    super(problem);
    this.name = 'TokenResponseError';
    this.problem = problem;
  }
}

/** A failed call to POST /token/: `status` is 0 when the service could not be reached. */
export class SignInError extends Error {
  readonly status: number;
  /** Seconds from the Retry-After header (429 responses). */
  readonly retryAfterSeconds: number | null;
  /** The RFC 9457 problem body, when the service sent one. */
  readonly problem: Record<string, unknown> | null;
  constructor(message: string, status: number, retryAfterSeconds: number | null = null, problem: Record<string, unknown> | null = null) {
    super(message);
    this.name = 'SignInError';
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
    this.problem = problem;
  }
}

/** Checks a token response; throws TokenResponseError naming the first missing part. */
export function parseTokenResponse(json: unknown): Credentials {
  const body = (json !== null && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  if (typeof body.access_token !== 'string' || body.access_token === '') throw new TokenResponseError('no access token');
  if (typeof body.expires !== 'number' || !Number.isFinite(body.expires)) throw new TokenResponseError('no expiry');
  if (typeof body.refresh_token !== 'string' || body.refresh_token === '') throw new TokenResponseError('no refresh token');
  return {
    accessToken: body.access_token,
    issued: typeof body.issued === 'number' && Number.isFinite(body.issued) ? body.issued : null,
    expires: body.expires,
    refreshToken: body.refresh_token,
  };
}

/** Parses Retry-After given in seconds or as an HTTP date. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - nowMs) / 1000));
}
