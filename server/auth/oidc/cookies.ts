/**
 * The two cookies of a sign-in at the provider, each HttpOnly, short-lived and sent only to the one route that reads it:
 * - the flow's, from the start to the callback: SameSite=Lax, since the callback is a navigation from the provider's site;
 * - the hand-over's, from the callback to the panel's POST: SameSite=Strict, a request of the panel's own page.
 * Secure whenever the panel is served over https.
 */

export const FLOW_COOKIE = 'caredesk_oidc_flow';
export const HANDOFF_COOKIE = 'caredesk_oidc_handoff';

interface CookieOptions {
  path: string;
  maxAgeSeconds: number;
  sameSite: 'Lax' | 'Strict';
  secure: boolean;
}

/** A cookie's value from a Cookie header; our values are base64url, so they need no decoding. */
export function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const split = pair.indexOf('=');
    if (split > 0 && pair.slice(0, split).trim() === name) return pair.slice(split + 1).trim() || undefined;
  }
  return undefined;
}

export function setCookie(name: string, value: string, { path, maxAgeSeconds, sameSite, secure }: CookieOptions) {
  return [
    `${name}=${value}`,
    `Path=${path}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    `SameSite=${sameSite}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export const clearCookie = (name: string, options: Omit<CookieOptions, 'maxAgeSeconds'>) =>
  setCookie(name, '', { ...options, maxAgeSeconds: 0 });
