import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db';
import { mailProviders } from '../db/schema';
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

export function listProviders(db: Db): Promise<ProviderOutput[]> {
  return db.select(providerColumns).from(mailProviders).orderBy(asc(mailProviders.createdAt), asc(mailProviders.uid));
}

export async function getProvider(db: Db, uid: string): Promise<ProviderOutput> {
  const [provider] = await db.select(providerColumns).from(mailProviders).where(eq(mailProviders.uid, uid));
  if (!provider) throw providerNotFound(uid);
  return provider;
}

export async function createProvider(db: Db, { uid, ...input }: ProviderInputBody): Promise<ProviderOutput> {
  if (uid !== undefined) throw uidOnCreate();
  const [provider] = await db.insert(mailProviders).values(input).returning(providerColumns);
  return provider;
}

export async function updateProvider(db: Db, uid: string, { uid: sentUid, ...input }: ProviderInputBody): Promise<ProviderOutput> {
  assertSameUid('uid', sentUid, uid, UID_IN_PATH);
  const [provider] = await db.update(mailProviders).set(input).where(eq(mailProviders.uid, uid)).returning(providerColumns);
  if (!provider) throw providerNotFound(uid);
  return provider;
}
