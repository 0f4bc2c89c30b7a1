import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { MailConfig } from '../../../server/config';
import { mails } from '../../../server/db/schema';
import { createMailWorker, type MailWorker } from '../../../server/mail';
import type { TestApp } from './helpers';

export const MAIL = '/api/mail';

export interface ProviderBody {
  name: string;
  host: string;
  port: number;
  security: 'none' | 'starttls' | 'ssl/tls';
}
interface AccountBody {
  expression: string;
  provider: { uid: string };
  credentials: { username: string; password: string } | null;
  credentials_changed?: boolean;
}
interface MailBody {
  sender: string;
  to: string[];
  cc?: string[];
  subject: string;
  message: string;
}

export const aMail = (overrides: Partial<MailBody> = {}): MailBody => ({
  sender: 'office@caredesk.example',
  to: ['anna@example.org'],
  cc: [],
  subject: 'Your care visit',
  message: 'See you on Monday.',
  ...overrides,
});

async function expectStatus<T>(
  response: Promise<{ statusCode: number; body: string; json: () => unknown }>,
  status: number,
): Promise<T> {
  const answer = await response;
  if (answer.statusCode !== status) throw new Error(`expected ${status}, got ${answer.statusCode}: ${answer.body}`);
  return answer.json() as T;
}

export const addProvider = (t: TestApp, body: Partial<ProviderBody> & { port: number }) =>
  expectStatus<ProviderBody & { uid: string }>(
    t.as({
      method: 'POST',
      url: `${MAIL}/administration/providers/`,
      payload: { name: 'Local peer', host: '127.0.0.1', security: 'none', ...body },
    }),
    201,
  );

export const addAccount = (t: TestApp, body: AccountBody) =>
  expectStatus<{ uid: string; expression: string; credentials: { username: string } | null }>(
    t.as({ method: 'POST', url: `${MAIL}/administration/accounts/`, payload: body }),
    201,
  );

export const sendMail = async (t: TestApp, mail: MailBody = aMail()) =>
  (await expectStatus<{ reference_uid: string }>(t.as({ method: 'POST', url: `${MAIL}/send/`, payload: mail }), 202))
    .reference_uid;

export const list = <T>(t: TestApp, path: string) =>
  expectStatus<T[]>(t.as({ method: 'GET', url: `${MAIL}/administration/queue/${path}` }), 200);

export async function mailRow(t: TestApp, referenceUid: string) {
  const [row] = await t.db.select().from(mails).where(eq(mails.referenceUid, referenceUid));
  return row;
}

/** Makes a waiting mail due now, instead of waiting out its backoff. */
export async function makeDue(t: TestApp, referenceUid: string) {
  await t.db
    .update(mails)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(mails.referenceUid, referenceUid));
}

export const countRows = (t: TestApp, table: PgTable) => t.db.$count(table);

/** Test defaults: no TLS verification (the peers' certificates are self-signed), short timeouts. */
export function mailWorker(t: TestApp, overrides: Partial<MailConfig> = {}): MailWorker {
  return createMailWorker({
    db: t.db,
    masterSecret: t.masterSecret,
    config: { ...t.config.mail, tlsVerify: false, smtpTimeoutMs: 5000, pollIntervalMs: 50, ...overrides },
  });
}

/** Delivers what is due once, with a worker of its own that is stopped afterwards. */
export async function deliverDue(t: TestApp, overrides: Partial<MailConfig> = {}) {
  const worker = mailWorker(t, overrides);
  try {
    return await worker.deliverDue();
  } finally {
    await worker.stop();
  }
}

export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 20_000, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
