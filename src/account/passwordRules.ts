/**
 * The own-password rules (they differ from the user forms): required, at least 8 characters with a lowercase letter,
 * an uppercase letter, a digit and a special character (anything that is neither letter nor digit).
 */
const MIN_OWN_PASSWORD_LENGTH = 8;

export function satisfiesPasswordRule(password: string): boolean {
  return (
    [...password].length >= MIN_OWN_PASSWORD_LENGTH &&
    /\p{Ll}/u.test(password) &&
    /\p{Lu}/u.test(password) &&
    /\p{Nd}/u.test(password) &&
    /[^\p{L}\p{N}]/u.test(password)
  );
}

/** Translation key of the password's error, or undefined when it is acceptable. */
export function validateOwnPassword(password: string): string | undefined {
  if (password === '') return 'caredesk.password.required';
  if (!satisfiesPasswordRule(password)) return 'caredesk.password.rule';
  return undefined;
}

/** Translation key of the confirmation's error, or undefined. */
export function validateOwnConfirmation(password: string, confirmation: string): string | undefined {
  if (confirmation === '') return 'caredesk.password.required';
  if (confirmation !== password) return 'caredesk.password.not_equal';
  return undefined;
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SPECIAL = '!#$%&()*+,-./:;<=>?@[]^_{|}~';
const ALL = LOWER + UPPER + DIGITS + SPECIAL;

/** Length of the random part; one digit is appended (10 random characters plus one digit). */
export const GENERATED_RANDOM_LENGTH = 10;

type RandomSource = (array: Uint32Array) => Uint32Array;

const defaultRandom: RandomSource = (array) => globalThis.crypto.getRandomValues(array);

/** An unbiased random integer in [0, bound) by rejection sampling. */
function randomBelow(bound: number, random: RandomSource): number {
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  const buffer = new Uint32Array(1);
  for (;;) {
    random(buffer);
    if (buffer[0] < limit) return buffer[0] % bound;
  }
}

const pick = (alphabet: string, random: RandomSource) => alphabet[randomBelow(alphabet.length, random)];

/**
 * 10 random characters (from crypto.getRandomValues) plus one digit. The random part always holds a lowercase,
 * an uppercase and a special character at random positions, so the result satisfies the own-password rule.
 */
export function generatePassword(random: RandomSource = defaultRandom): string {
  const chars = [pick(LOWER, random), pick(UPPER, random), pick(SPECIAL, random)];
  while (chars.length < GENERATED_RANDOM_LENGTH) chars.push(pick(ALL, random));
  // Fisher-Yates shuffle so that the guaranteed characters do not sit at fixed positions
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1, random);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('') + pick(DIGITS, random);
}
