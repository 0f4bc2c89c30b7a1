/**
 * The hostile values the OpenAPI-driven test sends. A JSON value may be a `Raw` token, written into the body as is
 * (numbers JSON.stringify cannot write: 1e400, -0, 2^53 + 1; a `__proto__` key).
 */
export class Raw {
  constructor(readonly text: string) {}
}

/** A deterministic pseudo-random generator (mulberry32), so every run sends the same cases. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    uuid: () =>
      'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
        const digit = Math.floor(next() * 16);
        return (c === 'x' ? digit : (digit & 3) | 8).toString(16);
      }),
  };
}

/** Texts with control, unicode and markup hazards: NUL, lone surrogates, RTL override, emoji, line separators, BOM. */
export const HOSTILE_TEXTS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202eevil.exe',
  '😀'.repeat(40),
  '\u2028\u2029',
  '\r\n\t',
  '\u0007\u001b[31m',
  '\ufeffbom',
  'e\u0301\u0301\u0301',
  '../../../etc/passwd',
  '%00',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'Infinity',
  'NaN',
  '1e400',
  '-0',
  'null',
  'x'.repeat(5_000),
];

/** Values of the wrong type, nulls, non-finite and boundary numbers, nested hazards and huge values for a JSON field. */
export function hostileJsonValues(): unknown[] {
  return [
    null,
    true,
    false,
    0,
    -1,
    1.5,
    new Raw('-0'),
    2 ** 53,
    new Raw('9007199254740993'),
    new Raw('1e400'),
    new Raw('-1e400'),
    1e308,
    -1e308,
    Number.MIN_VALUE,
    253_402_300_800,
    2 ** 31,
    -(2 ** 63),
    [],
    [null],
    ['a', 1, null],
    {},
    { nested: { deeper: [1] } },
    new Raw('{"__proto__":{"polluted":true}}'),
    new Raw('{"constructor":{"prototype":{"polluted":true}}}'),
    Array.from({ length: 1_000 }, (_, index) => `item${index}`),
    new Raw(`${'['.repeat(2_000)}${']'.repeat(2_000)}`),
    'x'.repeat(100_000),
    ...HOSTILE_TEXTS,
  ];
}

/** A body over the 1 MiB limit and one just under it. */
export const HUGE_TEXTS = ['y'.repeat(1024 * 1024 - 200), 'z'.repeat(1024 * 1024 + 10)];

/** Whole bodies that are not the JSON a route takes. */
export const MALFORMED_JSON: readonly string[] = [
  '',
  '{',
  '{"a":',
  '[1,',
  'nul',
  '{"a":1}}',
  "{'a':1}",
  '{"a":1,}',
  '\ufeff{}',
  '\u0000',
  '"just a string"',
  '42',
  'null',
  '[]',
  '[{}]',
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":1e400}',
  '\xff\xfe{}',
];

/** Query values: non-finite and boundary numbers as text, malformed percent-encoding, hazards, very long. Already URL-encoded. */
export const HOSTILE_QUERY_VALUES: readonly string[] = [
  'Infinity',
  '-Infinity',
  'NaN',
  '1e400',
  '1e3',
  '-0',
  '9007199254740993',
  '-1',
  '0',
  '1.5',
  '0x10',
  '',
  '%20',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF%FE',
  '%',
  '%zz',
  '%E2%80%AE',
  '%F0%9F%98%80',
  'true',
  'null',
  '[]',
  encodeURIComponent('{"uploaded":{"from":1e400}}'),
  encodeURIComponent('{"submitted":{"to":253402300800}}'),
  encodeURIComponent('{"__proto__":{"x":1}}'),
  encodeURIComponent('{"reference_kind":"\u0000"}'),
  encodeURIComponent('{"uploaded":{"from":-1,"to":"x"}}'),
  encodeURIComponent('{"uploaded":null}'),
  'a'.repeat(10_000),
];

/** Path segments: traversal, NUL, very long, malformed percent-encoding, not a UUID. Already URL-encoded. */
export const HOSTILE_PATH_SEGMENTS: readonly string[] = [
  '..',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%00',
  'a%00b',
  'a'.repeat(10_000),
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  '%',
  '%zz',
  '%ED%A0%80',
  '%F0%9F%98%80',
  '%E2%80%AE',
  '%20',
  ';',
  '*',
  '1e400',
  '-1',
  '%7Buid%7D',
];
