import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db';
import { mailAccounts, mailProviders } from '../db/schema';

/** What delivers the mails of matching senders: an account with its provider. */
export interface Route {
  accountUid: string;
  expression: RegExp | null;
  provider: { uid: string; host: string; port: number; security: 'none' | 'starttls' | 'ssl/tls' };
  username: string | null;
  encryptedPassword: string | null;
}

const compiled = new Map<string, RegExp | null>();

/** Expressions are checked on save, yet a row could predate a check: it then matches nothing instead of failing a delivery. */
function compile(expression: string): RegExp | null {
  if (!compiled.has(expression)) {
    if (compiled.size > 1000) compiled.clear();
    try {
      compiled.set(expression, new RegExp(expression));
    } catch {
      compiled.set(expression, null);
    }
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
      provider: { uid: mailProviders.uid, host: mailProviders.host, port: mailProviders.port, security: mailProviders.security },
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
