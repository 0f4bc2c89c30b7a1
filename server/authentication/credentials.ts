import { unauthorized } from '../shared/problem';

type Credentials = { scheme: 'basic'; username: string; password: string } | { scheme: 'bearer'; token: string };

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

const missingAuthorization = () => unauthorized('An Authorization header is required.');
const malformedAuthorization = () => unauthorized('The Authorization header is malformed.');

/** Reads `Authorization: Basic …` or `Authorization: Bearer …`; throws a 401 problem for anything else. */
export function parseAuthorization(header: string | undefined): Credentials {
  if (!header) throw missingAuthorization();
  const match = /^(\S+) +(\S+) *$/.exec(header);
  if (!match) throw malformedAuthorization();
  const [, scheme, value] = match;
  if (scheme.toLowerCase() === 'bearer') return { scheme: 'bearer', token: value };
  if (scheme.toLowerCase() === 'basic') return { scheme: 'basic', ...decodeBasic(value) };
  throw unauthorized('The Authorization scheme must be Basic or Bearer.');
}

function decodeBasic(encoded: string) {
  if (!BASE64.test(encoded)) throw malformedAuthorization();
  let decoded: string;
  try {
    decoded = utf8.decode(Buffer.from(encoded, 'base64'));
  } catch {
    throw malformedAuthorization();
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) throw malformedAuthorization();
  const [username, password] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
  // no username holds a control character and no password a NUL (PostgreSQL text cannot even compare one): nobody to look up
  // eslint-disable-next-line no-control-regex -- it looks for control characters on purpose
  if (/[\u0000-\u001f\u007f]/.test(username) || password.includes('\u0000')) throw malformedAuthorization();
  return { username, password };
}
