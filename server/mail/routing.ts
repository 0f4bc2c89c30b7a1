import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db';
import { mailAccounts, mailProviders } from '../db/schema';
import { compileExpression, type SenderMatcher } from './expression';

/** What delivers the mails of matching senders: an account with its provider. */
export interface Route {
  accountUid: string;
  expression: SenderMatcher | null;
  provider: { uid: string; /** For the mail log's attempts. */ name?: string; host: string; port: number; security: 'none' | 'starttls' | 'ssl/tls' };
  username: string | null;
  encryptedPassword: string | null;
}

const compiled = new Map<string, SenderMatcher | null>();

/** Expressions are checked on save, yet a row could predate a check: it then matches nothing instead of failing a delivery. */
function compile(expression: string): SenderMatcher | null {
  if (!compiled.has(expression)) {
    if (compiled.size > 1000) compiled.clear();
    compiled.set(expression, compileExpression(expression).matcher ?? null);
  }
  return compiled.get(expression) ?? null;
}

export async function loadRoutes(db: Db): Promise<Route[]> {
  const rows = await db
    .select({
      accountUid: mailAccounts.uid,
      expression: mailAccounts.expression,
      username: mailAccounts.username,
      encryptedPassword: mailAccounts.encryptedPassword,
      provider: { uid: mailProviders.uid, name: mailProviders.name, host: mailProviders.host, port: mailProviders.port, security: mailProviders.security },
    })
    .from(mailAccounts)
    .innerJoin(mailProviders, eq(mailAccounts.providerUid, mailProviders.uid))
    .orderBy(asc(mailAccounts.position));
  return rows.map((row) => ({ ...row, expression: compile(row.expression) }));
}

/** The first account, in creation order, whose expression matches the sender. */
export function routeFor(routes: Route[], sender: string): Route | undefined {
  return routes.find((route) => route.expression?.test(sender));
}
