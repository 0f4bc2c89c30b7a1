import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { ValueErrorType } from '@sinclair/typebox/errors';
import type { Db } from '../db';
import { mailAccounts, mailProviders } from '../db/schema';
import { changedFields, recordAudit, type AuditContext } from '../shared/audit';
import { badRequest, HttpProblem, notFound, problemType } from '../shared/problem';
import { assertReadOnly, assertSameUid } from '../shared/read-only';
import { disabledAtFor, isDisabled, switchAction, UID_IN_PATH, uidOnCreate } from './providers';
import type { PasswordCipher } from './credentials';
import { compileExpression, type ExpressionError, type ExpressionProblem } from './expression';
import { Credentials, type AccountInputBody, type AccountOutput } from '../../contracts/mail';

const accountColumns = {
  uid: mailAccounts.uid,
  expression: mailAccounts.expression,
  providerUid: mailProviders.uid,
  providerName: mailProviders.name,
  providerHost: mailProviders.host,
  providerDisabled: isDisabled(mailProviders.disabledAt),
  username: mailAccounts.username,
  disabled: isDisabled(mailAccounts.disabledAt),
};
type AccountRow = {
  uid: string;
  expression: string;
  providerUid: string;
  providerName: string;
  providerHost: string;
  providerDisabled: boolean;
  username: string | null;
  disabled: boolean;
};

function toAccount(row: AccountRow): AccountOutput {
  return {
    uid: row.uid,
    expression: row.expression,
    provider: { uid: row.providerUid, name: row.providerName, host: row.providerHost, disabled: row.providerDisabled },
    credentials: row.username === null ? null : { username: row.username },
    disabled: row.disabled,
  };
}

function selectAccounts(db: Db) {
  return db
    .select(accountColumns)
    .from(mailAccounts)
    .innerJoin(mailProviders, eq(mailAccounts.providerUid, mailProviders.uid));
}

/** In matching order: the first account whose expression matches a sender delivers its mails. */
export async function listAccounts(db: Db): Promise<AccountOutput[]> {
  const rows = await selectAccounts(db).orderBy(asc(mailAccounts.position));
  return rows.map(toAccount);
}

export async function getAccount(db: Db, uid: string): Promise<AccountOutput> {
  const [row] = await selectAccounts(db).where(eq(mailAccounts.uid, uid));
  if (!row) throw notFound(`No account ${uid}.`, 'uid', 'account-not-found');
  return toAccount(row);
}

/** The credentials are always stored on create; `credentials_changed` is ignored there. */
export async function createAccount(
  db: Db,
  cipher: PasswordCipher,
  input: AccountInputBody,
  audit: AuditContext,
): Promise<AccountOutput> {
  if (input.uid !== undefined) throw uidOnCreate();
  const uid = randomUUID();
  return db.transaction(async (tx) => {
    await checkAccountInput(tx, input);
    await tx.insert(mailAccounts).values({
      uid,
      expression: input.expression,
      providerUid: input.provider.uid,
      ...storedCredentials(cipher, uid, input.credentials),
      ...disabledAtFor(input.disabled, false),
    });
    const changes = {
      expression: input.expression,
      provider: input.provider.uid,
      ...credentialChanges(null, input.credentials),
      ...(input.disabled ? { disabled: true } : {}),
    };
    await recordAudit(tx, {
      ...audit,
      action: 'mail-account.create',
      target: accountTarget(uid, input.expression),
      changes,
    });
    return getAccount(tx, uid);
  });
}

/**
 * A missing `credentials_changed` means false: the stored credentials stay, whatever `credentials` says. `disabled` (when sent and
 * different) disables or enables the account, audited as mail-account.disable or .enable; the update event is left out when that was
 * all the body changed.
 */
export async function updateAccount(
  db: Db,
  cipher: PasswordCipher,
  uid: string,
  input: AccountInputBody,
  audit: AuditContext,
): Promise<AccountOutput> {
  assertSameUid('uid', input.uid, uid, UID_IN_PATH);
  const credentialsChanged = input.credentials_changed === true;
  await db.transaction(async (tx) => {
    // locked, so that two changes at once are audited one after the other, each against what the other left
    await tx.select({ uid: mailAccounts.uid }).from(mailAccounts).where(eq(mailAccounts.uid, uid)).for('update');
    const before = await getAccount(tx, uid);
    await checkAccountInput(tx, input);
    await tx
      .update(mailAccounts)
      .set({
        expression: input.expression,
        providerUid: input.provider.uid,
        ...(credentialsChanged ? storedCredentials(cipher, uid, input.credentials) : {}),
        ...disabledAtFor(input.disabled, before.disabled),
      })
      .where(eq(mailAccounts.uid, uid));
    const changes = {
      ...changedFields(
        { expression: before.expression, provider: before.provider.uid },
        { expression: input.expression, provider: input.provider.uid },
      ),
      ...(credentialsChanged ? credentialChanges(before.credentials, input.credentials) : {}),
    };
    const target = accountTarget(uid, input.expression);
    const switched = switchAction('mail-account', input.disabled, before.disabled);
    if (!switched || Object.keys(changes).length > 0)
      await recordAudit(tx, { ...audit, action: 'mail-account.update', target, changes });
    if (switched) await recordAudit(tx, { ...audit, action: switched, target, changes: { disabled: input.disabled } });
  });
  return getAccount(db, uid);
}

const accountTarget = (uid: string, expression: string) => ({ type: 'mail-account', id: uid, label: expression });

/**
 * Deletes an account for good, audited as mail-account.delete. Nothing refers to an account: a mail is routed when it is delivered
 * (the mail log keeps the provider of each attempt, not the account), so mails waiting in the queue or the retry list are routed
 * by the remaining accounts and are never refused for it.
 */
export async function deleteAccount(db: Db, uid: string, audit: AuditContext): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(mailAccounts)
      .where(eq(mailAccounts.uid, uid))
      .returning({ expression: mailAccounts.expression });
    if (!deleted) throw notFound(`No account ${uid}.`, 'uid', 'account-not-found');
    await recordAudit(tx, {
      ...audit,
      action: 'mail-account.delete',
      target: accountTarget(uid, deleted.expression),
      changes: {},
    });
  });
}

/** The audited change of an account's credentials: the username when it changed, and that the password changed (never the password). */
function credentialChanges(
  before: AccountOutput['credentials'],
  after: AccountInputBody['credentials'],
): Record<string, unknown> {
  const username = after?.username ?? null;
  return {
    ...(username === (before?.username ?? null) ? {} : { username }),
    ...(after || before ? { password: 'changed' } : {}),
  };
}

function storedCredentials(cipher: PasswordCipher, accountUid: string, credentials: AccountInputBody['credentials']) {
  if (!credentials) return { username: null, encryptedPassword: null };
  if (credentials.password === undefined)
    throw badRequest('credentials.password is required when credentials are set', 'credentials.password');
  return { username: credentials.username, encryptedPassword: cipher.encrypt(credentials.password, accountUid) };
}

const EXPRESSION_ERROR_WORDS: Record<ExpressionError, string> = {
  'unclosed-group': 'a ( is never closed by )',
  'unopened-group': 'a ) closes no (',
  'unclosed-class': 'a [ is never closed by ]',
  'invalid-class-range': 'a character class or range is invalid (a range must go upwards, as in a-z)',
  'invalid-repeat-count': 'a repeat count {n,m} is invalid (n at most m, both at most 1000)',
  'missing-repeat-argument': '*, + or ? follows nothing it could repeat',
  'nested-repeat': 'a repetition is repeated again (as in a** or a++)',
  backreference: 'backreferences (\\1, \\k<name>) are not supported',
  lookaround: 'lookahead and lookbehind ((?=, (?!, (?<=, (?<!) are not supported',
  'invalid-escape': 'an escape sequence with a backslash is unknown',
  'invalid-group-syntax': 'a group beginning with (? is not understood',
  'trailing-backslash': 'it ends with a lone backslash',
  syntax: 'RE2 cannot parse it',
};

/** 400 invalid-expression: what is wrong in words, with `reason` and `at` (the part at fault) for the panel to say it in its language. */
function invalidExpression({ reason, message, at }: ExpressionProblem) {
  const detail = `expression is not a valid regular expression: ${EXPRESSION_ERROR_WORDS[reason]}${at ? ` (at ${at})` : ''}. RE2 says: ${message}`;
  return new HttpProblem(400, 'Bad Request', detail, {
    field: 'expression',
    type: problemType('invalid-expression'),
    reason,
    at,
  });
}

/** The expression compiles; the provider exists, and the name, host and disabled flag a body may repeat from GET are its own. */
/**
 * Checks an account body in the transaction that stores it. The provider's row is share-locked: a provider deleted meanwhile is
 * either gone here (400 unknown-provider) or waits for this account and then refuses its deletion (409 provider-in-use).
 */
async function checkAccountInput(tx: Db, input: AccountInputBody) {
  const { problem } = compileExpression(input.expression);
  if (problem !== undefined) throw invalidExpression(problem);
  const [provider] = await tx
    .select({ name: mailProviders.name, host: mailProviders.host, disabled: isDisabled(mailProviders.disabledAt) })
    .from(mailProviders)
    .where(eq(mailProviders.uid, input.provider.uid))
    .for('share');
  if (!provider) throw badRequest(`No provider ${input.provider.uid}.`, 'provider', 'unknown-provider');
  assertReadOnly('provider.name', input.provider.name, provider.name);
  assertReadOnly('provider.host', input.provider.host, provider.host);
  assertReadOnly('provider.disabled', input.provider.disabled, provider.disabled);
}

const credentialsChecker = TypeCompiler.Compile(Credentials);

/**
 * Runs before schema validation of an account body (a preValidation hook), whose credentials are "object or null": the schema
 * alone would only say that neither fits, this names the missing or wrong credentials field.
 */
export function checkCredentialsShape(
  request: { body: unknown },
  _reply: unknown,
  done: (problem?: HttpProblem) => void,
) {
  done(credentialsShapeProblem(request.body));
}

function credentialsShapeProblem(body: unknown): HttpProblem | undefined {
  const credentials = (body as { credentials?: unknown } | null)?.credentials;
  if (typeof credentials !== 'object' || credentials === null || Array.isArray(credentials)) return undefined;
  const error = credentialsChecker.Errors(credentials).First();
  if (!error) return undefined;
  const field = `credentials${error.path.replaceAll('/', '.')}`;
  if (error.type === ValueErrorType.ObjectRequiredProperty) return badRequest(`${field} is required`, field);
  if (error.type === ValueErrorType.ObjectAdditionalProperties)
    return badRequest(`${field} is not a known field`, field);
  return badRequest(`${field} ${error.message.toLowerCase()}`, field);
}
