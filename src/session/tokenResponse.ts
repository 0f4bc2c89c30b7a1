/** The auth service's token responses and sign-in failures, as the session reads them. */

export interface Credentials {
  accessToken: string;
  /** Epoch seconds as sent by the auth service (null when the response had none). */
  issued: number | null;
  /** Epoch seconds as sent by the auth service. */
  expires: number;
  refreshToken: string;
  /** A sign-in's device token for its username (docs/api.md, Device tokens); null after a refresh. */
  deviceToken: string | null;
}

/** A fresh access token without a new refresh token (re-authentication). */
export type AccessCredentials = Pick<Credentials, 'accessToken' | 'issued' | 'expires'>;

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
  constructor(
    message: string,
    status: number,
    retryAfterSeconds: number | null = null,
    problem: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'SignInError';
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
    this.problem = problem;
  }
}

const bodyOf = (json: unknown) => (json !== null && typeof json === 'object' ? json : {}) as Record<string, unknown>;

/** Checks an access-token response; throws TokenResponseError naming the first missing part. */
export function parseAccessTokenResponse(json: unknown): AccessCredentials {
  const body = bodyOf(json);
  if (typeof body.access_token !== 'string' || body.access_token === '')
    throw new TokenResponseError('no access token');
  if (typeof body.expires !== 'number' || !Number.isFinite(body.expires)) throw new TokenResponseError('no expiry');
  return {
    accessToken: body.access_token,
    issued: typeof body.issued === 'number' && Number.isFinite(body.issued) ? body.issued : null,
    expires: body.expires,
  };
}

/** Checks a token response; throws TokenResponseError naming the first missing part. */
export function parseTokenResponse(json: unknown): Credentials {
  const access = parseAccessTokenResponse(json);
  const body = bodyOf(json);
  if (typeof body.refresh_token !== 'string' || body.refresh_token === '')
    throw new TokenResponseError('no refresh token');
  const deviceToken = typeof body.device_token === 'string' && body.device_token !== '' ? body.device_token : null;
  return { ...access, refreshToken: body.refresh_token, deviceToken };
}

/**
 * POSTs to one of the auth service's token routes and answers the parsed JSON; a refusal is a SignInError carrying the
 * status, Retry-After and the problem body, an unreachable service one with status 0.
 */
export const postForJson = (fetchFn: typeof fetch, url: string, init: RequestInit, nowMs: number) =>
  requestJson(fetchFn, url, { ...init, method: 'POST' }, nowMs);

/** A request of the sign-in (GET unless `init` says otherwise), answered and refused as postForJson's. */
export async function requestJson(
  fetchFn: typeof fetch,
  url: string,
  init: RequestInit,
  nowMs: number,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchFn(url, init);
  } catch (cause) {
    throw new SignInError(cause instanceof Error ? cause.message : 'Network Error', 0);
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    const problem =
      json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
    throw new SignInError(
      `Request failed with status code ${response.status}`,
      response.status,
      parseRetryAfter(response.headers.get('Retry-After'), nowMs),
      problem,
    );
  }
  return json;
}

/** Parses Retry-After given in seconds or as an HTTP date. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - nowMs) / 1000));
}

/** Base64 of the UTF-8 bytes (btoa alone rejects characters above U+00FF). */
export function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** A JSON request body with its content type. */
export const jsonBody = (body: unknown) => ({
  headers: { 'Content-Type': 'application/json' } as Record<string, string>,
  body: JSON.stringify(body),
});
