import { fetchUtils, HttpError } from 'react-admin';
import { ReauthenticationCancelled } from '../session/reauthenticationPrompt';
import { problemSlug } from '../session/secondFactorChallenge';
import type { Session } from '../session/session';
import { createIdempotencyKeys } from './idempotencyKeys';
import { describeError, type Translate, toHttpError } from './problem';
import { fieldLabelsFor } from './problemFields';

interface HttpResponse {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

export interface UploadProgress {
  /** Bytes of the request body sent so far, of `total`. */
  loaded: number;
  total: number;
}

interface HttpOptions extends fetchUtils.Options {
  /** Reports the request body's progress; the request then goes through XMLHttpRequest, as fetch reports none. */
  onUploadProgress?: (progress: UploadProgress) => void;
}

interface BlobResponse {
  status: number;
  headers: Headers;
  blob: Blob;
}

export interface HttpClient {
  (url: string, options?: HttpOptions): Promise<HttpResponse>;
  /** A GET whose answer is bytes (a download); a failure is the same error as a JSON call's. */
  blob: (url: string) => Promise<BlobResponse>;
  /** Plain fetch with the session's bearer: the response as it came, whatever its status (the caller reads it). */
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
}

/** The `message` of an error body, when it has a non-empty one. */
function bodyMessage(body: unknown): string | undefined {
  const message = (body as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/** fetchJson's error for a failed response: an HttpError with the parsed JSON body (or the text). */
async function responseError(response: Response): Promise<HttpError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return new HttpError(bodyMessage(body) ?? (response.statusText || `HTTP ${response.status}`), response.status, body);
}

/**
 * fetchJson with the session's bearer access token. It waits for a refresh in flight and refreshes first when the
 * access token has already expired; without a usable session it fails with a 401 HttpError without calling the service.
 * Problem bodies (RFC 9457) become ProblemErrors whose message is 'Title: text (in field Label)' in the panel's current
 * language (`translate`), the field named by the label of the resource the URL addresses. Every POST carries an Idempotency-Key
 * (idempotencyKeys.ts): one per action, the same one when the request is sent again.
 */
export function createHttpClient(session: Session, translate?: Translate): HttpClient {
  const idempotencyKeys = createIdempotencyKeys();
  const authorized = async (given?: HeadersInit) => {
    const token = await session.getAccessToken();
    if (!token) throw new HttpError('Unauthorized', 401, null);
    const headers = new Headers(given ?? undefined);
    headers.set('Authorization', `Bearer ${token}`);
    return headers;
  };

  const send = async (url: string, options: HttpOptions = {}) => {
    const headers = await authorized(options.headers);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    const { onUploadProgress, ...rest } = options;
    try {
      return onUploadProgress
        ? await sendWithProgress(url, { ...rest, headers }, onUploadProgress)
        : await fetchUtils.fetchJson(url, { ...rest, headers });
    } catch (error) {
      throw toHttpError(error, translate, fieldLabelsFor(url));
    }
  };

  /** The user confirms their identity in the panel's dialog; a cancel refuses the request in words. */
  const reauthenticated = () =>
    session.reauthentication.ask().catch(() => {
      throw new ReauthenticationCancelled(translate?.('caredesk.reauthentication.cancelled'));
    });

  // a sensitive action refused for want of a recent authentication is asked for and sent once more, with the same Idempotency-Key
  const sendReauthenticated = async (url: string, options: HttpOptions) => {
    try {
      return await send(url, options);
    } catch (error) {
      if (!needsReauthentication(error)) throw error;
    }
    await reauthenticated();
    try {
      return await send(url, options);
    } catch (error) {
      // never a 401 to react-admin, which would end the session the user has just confirmed
      if (needsReauthentication(error)) throw new Error(describeError(error, translate));
      throw error;
    }
  };

  const json = (url: string, options: HttpOptions = {}) =>
    idempotencyKeys.send(
      url,
      options,
      (keyed) => sendReauthenticated(url, keyed),
      () => true,
    );

  const blob = async (url: string): Promise<BlobResponse> => {
    const headers = await authorized();
    try {
      const response = await globalThis.fetch(url, { headers });
      if (!response.ok) throw await responseError(response);
      return { status: response.status, headers: response.headers, blob: await response.blob() };
    } catch (error) {
      throw toHttpError(error, translate, fieldLabelsFor(url));
    }
  };

  const fetchAuthorized = (url: string, init: RequestInit = {}) =>
    idempotencyKeys.send(
      url,
      init,
      async (keyed) => globalThis.fetch(url, { ...keyed, headers: await authorized(keyed.headers) }),
      (response) => response.ok,
    );

  return Object.assign(json, { blob, fetch: fetchAuthorized });
}

const needsReauthentication = (error: unknown) =>
  error instanceof HttpError && error.status === 401 && problemSlug(error.body) === 'reauthentication-required';

const abortError = () => new DOMException('The request was aborted.', 'AbortError');

function responseHeaders(request: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of request
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** fetchJson's contract (the response, or an HttpError for a non-2xx status; aborts with the signal) over XMLHttpRequest. */
function sendWithProgress(
  url: string,
  options: fetchUtils.Options & { headers: Headers },
  onProgress: (progress: UploadProgress) => void,
): Promise<HttpResponse> {
  const { method = 'GET', body, headers, signal } = options;
  return new Promise((resolveOnce, rejectOnce) => {
    let settled = false;
    const resolve = (response: HttpResponse) => !settled && ((settled = true), resolveOnce(response));
    const reject = (error: Error) => !settled && ((settled = true), rejectOnce(error));
    if (signal?.aborted) return reject(abortError());
    const request = new XMLHttpRequest();
    request.open(method, url);
    headers.forEach((value, name) => request.setRequestHeader(name, value));
    request.upload.onprogress = (event) =>
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    request.onload = () => {
      const text = request.responseText;
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      if (request.status < 200 || request.status >= 300)
        reject(new HttpError(bodyMessage(json) ?? request.statusText, request.status, json));
      else resolve({ status: request.status, headers: responseHeaders(request), body: text, json });
    };
    request.onerror = () => reject(new TypeError('Failed to fetch'));
    request.onabort = () => reject(abortError());
    // settles at once, whatever the request still reports
    signal?.addEventListener(
      'abort',
      () => {
        reject(abortError());
        request.abort();
      },
      { once: true },
    );
    request.send(body as XMLHttpRequestBodyInit | null | undefined);
  });
}
