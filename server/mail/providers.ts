import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { mailAccounts, mailProviders } from '../db/schema';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { changedFields, recordAudit, type AuditContext } from '../shared/audit';
import { HttpProblem, notFound, problemType, readOnlyMismatch } from '../shared/problem';
import { assertSameUid } from '../shared/read-only';
import type { ProviderInputBody, ProviderOutput } from '../../contracts/mail';

export const UID_IN_PATH = 'uid must equal the uid in the path.';
/** A new object gets its uid from the service: a body that brings one is refused rather than silently given another. */
export const uidOnCreate = () => readOnlyMismatch('uid', 'uid is assigned by the service; leave it out when creating.');

const providerNotFound = (uid: string) => notFound(`No provider ${uid}.`, 'uid', 'provider-not-found');

/** A disabled_at column as the flag the wire carries. */
export const isDisabled = (disabledAt: AnyPgColumn) => sql<boolean>`${disabledAt} is not null`;

const providerColumns = {
  uid: mailProviders.uid,
  name: mailProviders.name,
  host: mailProviders.host,
  port: mailProviders.port,
  security: mailProviders.security,
  disabled: isDisabled(mailProviders.disabledAt).as('disabled'),
};

/**
 * Every provider, oldest first, as one prepared query: built once instead of on every call, and on PostgreSQL parsed and
 * planned once per connection (bench/auth.ts measures this list as the cheapest service read).
 */
export function providersLister(db: Db): () => Promise<ProviderOutput[]> {
  const query = db
    .select(providerColumns)
    .from(mailProviders)
    .orderBy(asc(mailProviders.createdAt), asc(mailProviders.uid))
    .prepare('mail_providers_list');
  return () => query.execute();
}

export async function getProvider(db: Db, uid: string): Promise<ProviderOutput> {
  const [provider] = await db.select(providerColumns).from(mailProviders).where(eq(mailProviders.uid, uid));
  if (!provider) throw providerNotFound(uid);
  return provider;
}

const providerTarget = (provider: Pick<ProviderOutput, 'uid' | 'name'>) => ({
  type: 'mail-provider',
  id: provider.uid,
  label: provider.name,
});

/**
 * The disabled_at a body asks for: now when it disables, null when it enables, the stored value when `disabled` is left out or
 * unchanged (a provider disabled last week stays disabled since last week).
 */
export function disabledAtFor(disabled: boolean | undefined, wasDisabled: boolean) {
  if (disabled === undefined || disabled === wasDisabled) return {};
  return { disabledAt: disabled ? sql`now()` : null };
}

/** The event of a body that disabled or enabled something, if it did. */
export function switchAction<T extends 'mail-provider' | 'mail-account'>(
  type: T,
  disabled: boolean | undefined,
  wasDisabled: boolean,
) {
  if (disabled === undefined || disabled === wasDisabled) return undefined;
  return disabled ? (`${type}.disable` as const) : (`${type}.enable` as const);
}

export async function createProvider(
  db: Db,
  { uid, disabled, ...input }: ProviderInputBody,
  audit: AuditContext,
): Promise<ProviderOutput> {
  if (uid !== undefined) throw uidOnCreate();
  return db.transaction(async (tx) => {
    const [provider] = await tx
      .insert(mailProviders)
      .values({ ...input, ...disabledAtFor(disabled, false) })
      .returning(providerColumns);
    await recordAudit(tx, {
      ...audit,
      action: 'mail-provider.create',
      target: providerTarget(provider),
      changes: { ...input, ...(disabled ? { disabled } : {}) },
    });
    return provider;
  });
}

/**
 * Changes the fields; `disabled` (when sent and different) disables or enables the provider, audited as mail-provider.disable or
 * .enable. The update event is left out when disabling or enabling was all the body changed.
 */
export async function updateProvider(
  db: Db,
  uid: string,
  { uid: sentUid, disabled, ...input }: ProviderInputBody,
  audit: AuditContext,
): Promise<ProviderOutput> {
  assertSameUid('uid', sentUid, uid, UID_IN_PATH);
  return db.transaction(async (tx) => {
    // locked, so that two changes at once are audited one after the other, each against what the other left
    await tx.select({ uid: mailProviders.uid }).from(mailProviders).where(eq(mailProviders.uid, uid)).for('update');
    const before = await getProvider(tx, uid);
    const [provider] = await tx
      .update(mailProviders)
      .set({ ...input, ...disabledAtFor(disabled, before.disabled) })
      .where(eq(mailProviders.uid, uid))
      .returning(providerColumns);
    const changes = changedFields(before, input);
    const switched = switchAction('mail-provider', disabled, before.disabled);
    if (!switched || Object.keys(changes).length > 0)
      await recordAudit(tx, { ...audit, action: 'mail-provider.update', target: providerTarget(provider), changes });
    if (switched)
      await recordAudit(tx, { ...audit, action: switched, target: providerTarget(provider), changes: { disabled } });
    return provider;
  });
}

const accountsInWords = (accounts: number) => (accounts === 1 ? '1 account uses' : `${accounts} accounts use`);

/**
 * Deletes a provider for good, audited as mail-provider.delete. Refused (409 provider-in-use, with the number of `accounts`) while
 * accounts use it: they would lose their provider. The row is locked first, and an account being stored holds a share lock on it, so
 * one of the two waits for the other: an account stored first makes this a 409, a deletion first makes the account a 400. The mail log's
 * attempts keep the provider's name and host as they were.
 */
export async function deleteProvider(db: Db, uid: string, audit: AuditContext): Promise<void> {
  await db.transaction(async (tx) => {
    const [provider] = await tx
      .select({ uid: mailProviders.uid, name: mailProviders.name })
      .from(mailProviders)
      .where(eq(mailProviders.uid, uid))
      .for('update');
    if (!provider) throw providerNotFound(uid);
    const [{ accounts }] = await tx
      .select({ accounts: count() })
      .from(mailAccounts)
      .where(eq(mailAccounts.providerUid, uid));
    if (accounts > 0) {
      const detail = `The provider cannot be deleted: ${accountsInWords(accounts)} it. Delete those accounts or give them another provider first.`;
      throw new HttpProblem(409, 'Conflict', detail, { type: problemType('provider-in-use'), accounts });
    }
    await tx.delete(mailProviders).where(eq(mailProviders.uid, uid));
    await recordAudit(tx, { ...audit, action: 'mail-provider.delete', target: providerTarget(provider), changes: {} });
  });
}
