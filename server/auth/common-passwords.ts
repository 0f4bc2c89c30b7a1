import { badRequest } from '../shared/problem';

/**
 * The 10,000 most common passwords: the head of the ranked list of @zxcvbn-ts/language-common (a maintained package).
 * Loaded on the first check, kept as a Set of lower-cased entries: a password is refused regardless of case.
 */
const HOW_MANY = 10_000;

let commonPasswords: Promise<Set<string>> | undefined;

function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(dictionary['passwords-common'].slice(0, HOW_MANY).map((password) => password.toLowerCase())),
  );
  return commonPasswords;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}

/** Throws 400 /problems/common-password on field password when the password is among the most common ones. */
export async function assertUncommonPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) {
    throw badRequest(
      'This password is among the 10,000 most common passwords, which attackers try first. Please choose another one.',
      'password',
      'common-password',
    );
  }
}
