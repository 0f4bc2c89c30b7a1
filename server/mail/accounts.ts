import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { ValueErrorType } from '@sinclair/typebox/errors';
import type { Db } from '../db';
import { mailAccounts, mailProviders } from '../db/schema';
import { changedFields, recordAudit, type AuditContext } from '../shared/audit';
import { badRequest, notFound } from '../shared/problem';
import { assertReadOnly, assertSameUid } from '../shared/read-only';
import { UID_IN_PATH, uidOnCreate } from './providers';
import type { PasswordCipher } from './credentials';
import { compileExpression } from './expression';
import { Credentials, type AccountInputBody, type AccountOutput } from './schemas';

const accountColumns = {
  uid: mailAccounts.uid,
  expression: mailAccounts.expression,
  providerUid: mailProviders.uid,
  providerName: mailProviders.name,
  providerHost: mailProviders.host,
  username: mailAccounts.username,
};
type AccountRow = { uid: string; expression: string; providerUid: string; providerName: string; providerHost: string; username: string | null };

function toAccount(row: AccountRow): AccountOutput {
  return {
    uid: row.uid,
    expression: row.expression,
    provider: { uid: row.providerUid, name: row.providerName, host: row.providerHost },
    credentials: row.username === null ? null : { username: row.username },
  };
}

function selectAccounts(db: Db) {
  return db.select(accountColumns).from(mailAccounts).innerJoin(mailProviders, eq(mailAccounts.providerUid, mailProviders.uid));
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
export async function createAccount(db: Db, cipher: PasswordCipher, input: AccountInputBody, audit: AuditContext): Promise<AccountOutput> {
  if (input.uid !== undefined) throw uidOnCreate();
  await checkAccountInput(db, input);
  const uid = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(mailAccounts).values({
      uid,
      expression: input.expression,
      providerUid: input.provider.uid,
      ...storedCredentials(cipher, uid, input.credentials),
    });
    const changes = { expression: input.expression, provider: input.provider.uid, ...credentialChanges(null, input.credentials) };
    await recordAudit(tx, { ...audit, action: 'mail-account.create', target: accountTarget(uid, input.expression), changes });
  });
  return getAccount(db, uid);
}

/** A missing `credentials_changed` means false: the stored credentials stay, whatever `credentials` says. */
export async function updateAccount(db: Db, cipher: PasswordCipher, uid: string, input: AccountInputBody, audit: AuditContext): Promise<AccountOutput> {
  assertSameUid('uid', input.uid, uid, UID_IN_PATH);
  const before = await getAccount(db, uid);
  await checkAccountInput(db, input);
  const credentialsChanged = input.credentials_changed === true;
  await db.transaction(async (tx) => {
    await tx
      .update(mailAccounts)
      .set({
        expression: input.expression,
        providerUid: input.provider.uid,
        ...(credentialsChanged ? storedCredentials(cipher, uid, input.credentials) : {}),
      })
      .where(eq(mailAccounts.uid, uid));
    const changes = {
      ...changedFields({ expression: before.expression, provider: before.provider.uid }, { expression: input.expression, provider: input.provider.uid }),
      ...(credentialsChanged ? credentialChanges(before.credentials, input.credentials) : {}),
    };
    await recordAudit(tx, { ...audit, action: 'mail-account.update', target: accountTarget(uid, input.expression), changes });
  });
  return getAccount(db, uid);
}

const accountTarget = (uid: string, expression: string) => ({ type: 'mail-account', id: uid, label: expression });

/** The audited change of an account's credentials: the username when it changed, and that the password changed (never the password). */
function credentialChanges(before: AccountOutput['credentials'], after: AccountInputBody['credentials']): Record<string, unknown> {
  const username = after?.username ?? null;
  return { ...(username === (before?.username ?? null) ? {} : { username }), ...(after || before ? { password: 'changed' } : {}) };
}

function storedCredentials(cipher: PasswordCipher, accountUid: string, credentials: AccountInputBody['credentials']) {
  if (!credentials) return { username: null, encryptedPassword: null };
  if (credentials.password === undefined) throw badRequest('credentials.password is required when credentials are set', 'credentials.password');
  return { username: credentials.username, encryptedPassword: cipher.encrypt(credentials.password, accountUid) };
}

/** The expression compiles; the provider exists, and the name and host a body may repeat from GET are its own. */
async function checkAccountInput(db: Db, input: AccountInputBody) {
  const { problem } = compileExpression(input.expression);
  if (problem !== undefined) {
    const detail = `expression is not a regular expression the mail routing can run (RE2 syntax; no backreferences or lookaround): ${problem}`;
    throw badRequest(detail, 'expression', 'invalid-expression');
  }
  const [provider] = await db
    .select({ name: mailProviders.name, host: mailProviders.host })
    .from(mailProviders)
    .where(eq(mailProviders.uid, input.provider.uid));
  if (!provider) throw badRequest(`No provider ${input.provider.uid}.`, 'provider', 'unknown-provider');
  assertReadOnly('provider.name', input.provider.name, provider.name);
  assertReadOnly('provider.host', input.provider.host, provider.host);
}

const credentialsChecker = TypeCompiler.Compile(Credentials);

/**
 * Runs before schema validation of an account body, whose credentials are "object or null": the schema alone would
 * only say that neither fits, this names the missing or wrong credentials field.
 */
export async function checkCredentialsShape(request: { body: unknown }) {
  const credentials = (request.body as { credentials?: unknown } | null)?.credentials;
  if (typeof credentials !== 'object' || credentials === null || Array.isArray(credentials)) return;
  const error = credentialsChecker.Errors(credentials).First();
  if (!error) return;
  const field = `credentials${error.path.replaceAll('/', '.')}`;
  if (error.type === ValueErrorType.ObjectRequiredProperty) throw badRequest(`${field} is required`, field);
  if (error.type === ValueErrorType.ObjectAdditionalProperties) throw badRequest(`${field} is not a known field`, field);
  throw badRequest(`${field} ${error.message.toLowerCase()}`, field);
}
