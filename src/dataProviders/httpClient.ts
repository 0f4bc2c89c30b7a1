import { fetchUtils, HttpError } from 'react-admin';
import type { Session } from '../auth/session';
import { toHttpError } from './problem';

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: string;
  json: any;
}

export type HttpClient = (url: string, options?: fetchUtils.Options) => Promise<HttpResponse>;

/**
 * fetchJson with the session's bearer access token. It waits for a refresh in flight and refreshes first when the
 * access token has already expired; without a usable session it fails with a 401 HttpError without calling the service.
 * Problem bodies (RFC 9457) become HttpErrors whose message is 'Title: detail (in field x)'.
 */
export function createHttpClient(session: Session): HttpClient {
  return async (url, options = {}) => {
    const token = await session.getAccessToken();
    if (!token) throw new HttpError('Unauthorized', 401, null);
    const headers = new Headers(options.headers ?? undefined);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    headers.set('Authorization', `Bearer ${token}`);
    try {
      return await fetchUtils.fetchJson(url, { ...options, headers });
    } catch (error) {
      throw toHttpError(error);
    }
  };
}
