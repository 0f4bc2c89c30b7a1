import { FormatRegistry, Type } from '@sinclair/typebox';
import { text, wholeNumber } from '../variable-types';

const SECRET_KEY_BYTES = 32;

/** The random bytes a key written as hex or base64 holds; 0 for a text that is neither. */
function secretKeyBytes(key: string): number {
  // hex digits carry 4 bits each (a hex text is also valid base64, which would count 6)
  if (/^[0-9a-fA-F]+$/.test(key)) return Math.floor(key.length / 2);
  return /^[A-Za-z0-9+/_-]+={0,2}$/.test(key) ? Buffer.from(key, 'base64').length : 0;
}

FormatRegistry.Set('secret-key', (value) => secretKeyBytes(value) >= SECRET_KEY_BYTES);

const ADMIN_PASSWORD_LENGTH = { min: 7, max: 1024 };

/** Signing keys, the first administrator, tokens, permissions and the audit trail's retention. */
export const securityVariables = {
  // random bytes enough that a captured token cannot be checked against guessed keys; the text itself is the key material,
  // so keys set before stay valid
  SECRET_KEY: Type.Optional(
    text({
      format: 'secret-key',
      secret: true,
      must: `be at least ${SECRET_KEY_BYTES} random bytes written as hex or base64 (generate one with: openssl rand -base64 ${SECRET_KEY_BYTES})`,
      describeRefused: (raw) => `the one given holds ${secretKeyBytes(raw)}`,
      shownDefault: 'generated into `DATA_DIR/secret.key`',
      description: `master secret, at least ${SECRET_KEY_BYTES} random bytes as hex or base64 (\`openssl rand -base64 ${SECRET_KEY_BYTES}\`); the access-token signing key and the key that encrypts stored SMTP passwords (AES-256-GCM) are derived from it. Set it (same value) on every process that shares one database`,
    }),
  ),
  ADMIN_USERNAME: Type.Optional(
    text({
      shownDefault: '`admin`',
      description:
        'the administrator created on start when no user has that username (`admin` only when the database has no user); an existing user is left unchanged',
    }),
  ),
  // its commonness needs the list of common passwords, so server/main.ts checks that at start
  ADMIN_PASSWORD: Type.Optional(
    text({
      minLength: ADMIN_PASSWORD_LENGTH.min,
      maxLength: ADMIN_PASSWORD_LENGTH.max,
      secret: true,
      must: `have ${ADMIN_PASSWORD_LENGTH.min} to ${ADMIN_PASSWORD_LENGTH.max} characters, as every password of the API`,
      shownDefault: 'generated and printed once',
      description: `the password of the administrator \`ADMIN_USERNAME\` creates; it must pass the API's password rules (${ADMIN_PASSWORD_LENGTH.min} to ${ADMIN_PASSWORD_LENGTH.max} characters, not among the 10,000 most common)`,
    }),
  ),
  // a cheaper hash makes a stolen database easier to crack, so only a process that says it runs the tests may choose it (load-config.ts)
  PASSWORD_HASH_COST: Type.Union([Type.Literal('owasp'), Type.Literal('test')], {
    default: 'owasp',
    must: 'be owasp',
    description:
      "argon2id's cost for new password hashes: `owasp`, OWASP's parameters; `test`, a cheaper one, only for the test suite (`NODE_ENV=test`)",
  }),
  ACCESS_TOKEN_TTL: wholeNumber({ default: 300, description: 'access-token lifetime in seconds' }),
  SECOND_FACTOR_GRACE_DAYS: wholeNumber({
    default: 14,
    description:
      'days a user whose roles require a second factor may still sign in without one (asked to enroll at every sign-in), counted from when it became required; afterwards their sign-in gives a session that can only enroll one',
  }),
  REFRESH_TOKEN_TTL: wholeNumber({
    default: 30 * 24 * 3600,
    defaultNote: '30 days',
    description: 'refresh-token lifetime in seconds',
  }),
  ACCESS_POLICY: Type.Union([Type.Literal('roles'), Type.Literal('open')], {
    default: 'roles',
    description:
      "`roles`: what a signed-in user may do is what the role policy grants the user's roles (see Permissions); `open`: every signed-in user holds every permission (the specification's original behaviour)",
  }),
  AUDIT_RETENTION_DAYS: wholeNumber({
    default: 400,
    atLeast: 1,
    description: 'audit events older than this many days are removed by the server (hourly housekeeping; at least 1)',
  }),
};
