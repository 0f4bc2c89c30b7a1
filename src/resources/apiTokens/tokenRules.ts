const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const SYMBOLS = '!#$%&()*+,-./:;<=>?@[]^_{|}~';
/** The generator's alphabet: letters, numbers and symbols. */
export const TOKEN_ALPHABET = LETTERS + DIGITS + SYMBOLS;
const TOKEN_RANDOM_LENGTH = 32;

/** A uniformly random index below `size` (rejection sampling over crypto.getRandomValues). */
function randomIndex(size: number, random: (array: Uint32Array) => Uint32Array): number {
  const limit = Math.floor(0x1_0000_0000 / size) * size;
  const buffer = new Uint32Array(1);
  for (;;) {
    random(buffer);
    if (buffer[0] < limit) return buffer[0] % size;
  }
}

/**
 * 32 random characters with numbers and symbols plus one digit (33 characters, always containing a
 * digit), from crypto.getRandomValues.
 */
export function generateApiToken(
  random: (array: Uint32Array) => Uint32Array = (array) => crypto.getRandomValues(array),
): string {
  let token = '';
  for (let index = 0; index < TOKEN_RANDOM_LENGTH; index += 1)
    token += TOKEN_ALPHABET[randomIndex(TOKEN_ALPHABET.length, random)];
  return token + DIGITS[randomIndex(DIGITS.length, random)];
}

/** Today's local day as 'YYYY-MM-DD'. */
export function todayString(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** 'YYYY-MM-DD' -> epoch seconds of the end (23:59:59 local time) of that day, or null when not a date. */
export function endOfDaySeconds(day: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const [year, month, date] = day.split('-').map(Number);
  const end = new Date(year, month - 1, date, 23, 59, 59);
  return Number.isNaN(end.getTime()) || end.getDate() !== date ? null : Math.floor(end.getTime() / 1000);
}

type ExpiryError = 'required' | 'invalid' | 'past' | null;

/** If the expiry box is ticked, a real date is required and cannot be before today. */
export function expiryError(hasExpiry: boolean, day: string, now: Date = new Date()): ExpiryError {
  if (!hasExpiry) return null;
  if (!day) return 'required';
  if (endOfDaySeconds(day) === null) return 'invalid';
  return day < todayString(now) ? 'past' : null;
}

export interface TokenFormValues {
  service: string;
  token: string;
  hasExpiry: boolean;
  expiry: string;
}

/** Service and token non-empty and a valid expiry. */
export const isTokenFormValid = (values: TokenFormValues, now: Date = new Date()) =>
  values.service.trim() !== '' &&
  values.token.trim() !== '' &&
  expiryError(values.hasExpiry, values.expiry, now) === null;

/** The POST body: {service, token} plus expires (end of the chosen day, epoch seconds) when the box is ticked. */
export function toNewToken(values: TokenFormValues): { service: string; token: string; expires?: number } {
  const body: { service: string; token: string; expires?: number } = {
    service: values.service.trim(),
    token: values.token,
  };
  if (values.hasExpiry) body.expires = endOfDaySeconds(values.expiry) ?? undefined;
  return body;
}
