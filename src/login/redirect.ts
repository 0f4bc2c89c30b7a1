/** Where a signed-in user lands when no redirect_to is given. */
const DEFAULT_TARGET = '/dashboard';
const REDIRECT_PARAM = 'redirect_to';

/** The login page's answers from the sign-in at the provider: they never go on to another page. */
const PROVIDER_PARAMS = ['oidc', 'oidc_error'];

/** Pages that must never be a redirect target (they would loop or log the user out again). */
const NOT_TARGETS = new Set(['/', '/login']);

const isSafePath = (path: string) =>
  // eslint-disable-next-line no-control-regex -- it looks for control characters on purpose
  path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !/[\u0000-\u001f]/.test(path);

/**
 * The root URL a signed-out visitor of a protected page is sent to:
 * `/?redirect_to=<path>&<original query params>`.
 */
export function signInRedirect(pathname: string, search = ''): string {
  const original = new URLSearchParams(search);
  if (NOT_TARGETS.has(pathname)) {
    const query = original.toString();
    return query ? `/?${query}` : '/';
  }
  const params = new URLSearchParams();
  params.set(REDIRECT_PARAM, pathname);
  for (const [key, value] of original) {
    if (key !== REDIRECT_PARAM) params.append(key, value);
  }
  return `/?${params.toString()}`;
}

/**
 * Where to go after a sign-in: the path in redirect_to (default /dashboard) with the other query parameters kept, but the
 * provider's.
 * Only same-site paths are accepted.
 */
export function redirectTarget(search: string): string {
  const params = new URLSearchParams(search);
  const requested = params.get(REDIRECT_PARAM);
  params.delete(REDIRECT_PARAM);
  for (const name of PROVIDER_PARAMS) params.delete(name);
  let path = requested && isSafePath(requested) && !NOT_TARGETS.has(requested) ? requested : DEFAULT_TARGET;
  // a redirect_to may carry its own query string; merge it with the other parameters
  const questionMark = path.indexOf('?');
  if (questionMark >= 0) {
    const own = new URLSearchParams(path.slice(questionMark + 1));
    path = path.slice(0, questionMark);
    for (const [key, value] of params) own.append(key, value);
    const query = own.toString();
    return query ? `${path}?${query}` : path;
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
