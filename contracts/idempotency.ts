import { Type } from '@sinclair/typebox';

/**
 * The `Idempotency-Key` request header of the creating POSTs (IETF httpapi draft "The Idempotency-Key HTTP Header Field";
 * docs/api.md, Idempotent creation): the same key with the same request within IDEMPOTENCY_KEY_HOURS answers the first answer
 * again without a second effect.
 */

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How long a key's answer is kept and replayed. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/**
 * A key of 1 to 255 printable ASCII characters, written as the draft's Structured Field string ("…", with \" and \\ escaped) or
 * bare (no quotes, no spaces).
 */
export const IDEMPOTENCY_KEY_PATTERN = `^(?:"(?:[ !#-\\[\\]-~]|\\\\["\\\\]){1,${IDEMPOTENCY_KEY_MAX_LENGTH}}"|[!#-~][!-~]{0,${IDEMPOTENCY_KEY_MAX_LENGTH - 1}})$`;

export const IdempotencyKeyHeaders = Type.Object(
  {
    'idempotency-key': Type.Optional(
      Type.String({
        pattern: IDEMPOTENCY_KEY_PATTERN,
        description:
          `a key of 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters, quoted as a Structured Field string ("…") or bare without ` +
          `spaces; the same key with the same request within ${IDEMPOTENCY_KEY_HOURS} hours answers the first answer again`,
      }),
    ),
  },
  { additionalProperties: true },
);

/** The key a header value names: the string's content when quoted (escapes undone), else the value itself. */
export const idempotencyKeyOf = (value: string): string =>
  value.startsWith('"') ? value.slice(1, -1).replace(/\\(["\\])/g, '$1') : value;

/** The header value for a key, as the draft writes it: a Structured Field string. */
export const idempotencyKeyValue = (key: string): string => `"${key.replace(/(["\\])/g, '\\$1')}"`;
