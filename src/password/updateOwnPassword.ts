import type { HttpClient } from '../dataProviders/httpClient';

/**
 * Sets the caller's own password: GET {authUrl}/info/?extended=true for the username, then
 * PUT {authUrl}/update-password-authentication/ with {username, password}.
 */
export async function updateOwnPassword(httpClient: HttpClient, authUrl: string, password: string): Promise<void> {
  const { json } = await httpClient(`${authUrl}/info/?extended=true`);
  const username: unknown = json?.authentication?.username;
  if (typeof username !== 'string' || username === '') throw new Error('caredesk.password.no_username');
  await httpClient(`${authUrl}/update-password-authentication/`, {
    method: 'PUT',
    body: JSON.stringify({ username, password }),
  });
}
