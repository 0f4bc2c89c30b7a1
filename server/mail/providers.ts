import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db';
import { mailProviders } from '../db/schema';
import { notFound } from '../shared/problem';
import type { ProviderInputBody, ProviderOutput } from './schemas';

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
  if (!provider) throw notFound(`No provider ${uid}.`, 'uid');
  return provider;
}

export async function createProvider(db: Db, input: ProviderInputBody): Promise<ProviderOutput> {
  const [provider] = await db.insert(mailProviders).values(input).returning(providerColumns);
  return provider;
}

export async function updateProvider(db: Db, uid: string, input: ProviderInputBody): Promise<ProviderOutput> {
  const [provider] = await db.update(mailProviders).set(input).where(eq(mailProviders.uid, uid)).returning(providerColumns);
  if (!provider) throw notFound(`No provider ${uid}.`, 'uid');
  return provider;
}
