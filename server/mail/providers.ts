import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db';
import { mailProviders } from '../db/schema';
import { changedFields, recordAudit, type AuditContext } from '../shared/audit';
import { notFound, readOnlyMismatch } from '../shared/problem';
import { assertSameUid } from '../shared/read-only';
import type { ProviderInputBody, ProviderOutput } from './schemas';

export const UID_IN_PATH = 'uid must equal the uid in the path.';
/** A new object gets its uid from the service: a body that brings one is refused rather than silently given another. */
export const uidOnCreate = () => readOnlyMismatch('uid', 'uid is assigned by the service; leave it out when creating.');

const providerNotFound = (uid: string) => notFound(`No provider ${uid}.`, 'uid', 'provider-not-found');

const providerColumns = {
  uid: mailProviders.uid,
  name: mailProviders.name,
  host: mailProviders.host,
  port: mailProviders.port,
  security: mailProviders.security,
};

/**
 * Every provider, oldest first, as one prepared query: built once instead of on every call, and on PostgreSQL parsed and
 * planned once per connection (bench/auth.ts measures this list as the cheapest service read).
 */
export function providersLister(db: Db): () => Promise<ProviderOutput[]> {
  const query = db.select(providerColumns).from(mailProviders).orderBy(asc(mailProviders.createdAt), asc(mailProviders.uid)).prepare('mail_providers_list');
  return () => query.execute();
}

export async function getProvider(db: Db, uid: string): Promise<ProviderOutput> {
  const [provider] = await db.select(providerColumns).from(mailProviders).where(eq(mailProviders.uid, uid));
  if (!provider) throw providerNotFound(uid);
  return provider;
}

const providerTarget = (provider: ProviderOutput) => ({ type: 'mail-provider', id: provider.uid, label: provider.name });

export async function createProvider(db: Db, { uid, ...input }: ProviderInputBody, audit: AuditContext): Promise<ProviderOutput> {
  if (uid !== undefined) throw uidOnCreate();
  return db.transaction(async (tx) => {
    const [provider] = await tx.insert(mailProviders).values(input).returning(providerColumns);
    await recordAudit(tx, { ...audit, action: 'mail-provider.create', target: providerTarget(provider), changes: input });
    return provider;
  });
}

export async function updateProvider(db: Db, uid: string, { uid: sentUid, ...input }: ProviderInputBody, audit: AuditContext): Promise<ProviderOutput> {
  assertSameUid('uid', sentUid, uid, UID_IN_PATH);
  return db.transaction(async (tx) => {
    const before = await getProvider(tx, uid);
    const [provider] = await tx.update(mailProviders).set(input).where(eq(mailProviders.uid, uid)).returning(providerColumns);
    await recordAudit(tx, { ...audit, action: 'mail-provider.update', target: providerTarget(provider), changes: changedFields(before, input) });
    return provider;
  });
}
