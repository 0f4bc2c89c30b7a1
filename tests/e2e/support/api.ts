import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { E2E_ADMIN } from '../../../playwright.config';

/** The services as a browser test calls them: the shared e2e server, signed in as E2E_ADMIN. */
export interface AdminApi {
  request: APIRequestContext;
  accessToken: string;
  get(path: string): Promise<APIResponse>;
  post(path: string, data: unknown): Promise<APIResponse>;
  put(path: string, data: unknown): Promise<APIResponse>;
}

/** A fresh token pair of a user, straight from the auth service. */
export async function signInThroughApi(
  request: APIRequestContext,
  user: { username: string; password: string } = E2E_ADMIN,
): Promise<{ access_token: string; refresh_token: string }> {
  const basic = Buffer.from(`${user.username}:${user.password}`).toString('base64');
  const response = await request.post('/api/auth/token/', { headers: { authorization: `Basic ${basic}` } });
  expect(response.status(), `sign-in of ${user.username}`).toBe(200);
  return response.json();
}

export async function adminApi(request: APIRequestContext): Promise<AdminApi> {
  const { access_token: accessToken } = await signInThroughApi(request);
  const headers = { authorization: `Bearer ${accessToken}` };
  return {
    request,
    accessToken,
    get: (path) => request.get(path, { headers }),
    post: (path, data) => request.post(path, { headers, data }),
    put: (path, data) => request.put(path, { headers, data }),
  };
}

/** The JSON body of a response that must have the given status (its body is shown when it has not). */
export async function expectJson<T>(response: APIResponse, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status(), `${response.url()} answered ${text}`).toBe(status);
  return (text ? JSON.parse(text) : null) as T;
}
