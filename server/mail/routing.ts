import { and, asc, eq, isNull, sql } from 'drizzle-orm';
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

/**
 * The enabled accounts of enabled providers, in matching order. A disabled account, or one of a disabled provider, is no route: a
 * sender that only it matched has no account, and its mails fail as "No account matches the sender" (the outcome of any unmatched
 * sender), until it is enabled again and the mails requeued.
 */
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
    .where(and(isNull(mailAccounts.disabledAt), isNull(mailProviders.disabledAt)))
    .orderBy(asc(mailAccounts.position));
  return rows.map((row) => ({ ...row, expression: compile(row.expression) }));
}

/**
 * A digest of everything loadRoutes reads, as an SQL expression: the claim statement returns it, so a worker learns of any change to
 * a provider or an account (through any process, even by hand in the database) with the mails it claims, without a query of its own.
 * Content rather than a version counter: nothing that writes these tables has to remember to bump anything. A few accounts are
 * digested in microseconds.
 */
export const routesVersion = sql`(
  select md5(coalesce(string_agg(concat_ws('|', a.uid, a.position, a.expression, a.username, a.encrypted_password, p.uid, p.name, p.host, p.port, p.security), e'\\n' order by a.position), ''))
    from ${mailAccounts} a join ${mailProviders} p on p.uid = a.provider_uid
   where a.disabled_at is null and p.disabled_at is null)`;

/**
 * The routes of one worker, loaded again only when the version that came with a claim differs from the loaded one. Claims in
 * flight together share one load.
 */
export class RoutesCache {
  private loaded: { version: string; routes: Promise<Route[]> } | undefined;

  constructor(private readonly db: Db) {}

  routesFor(version: string): Promise<Route[]> {
    if (this.loaded?.version !== version) {
      const routes = loadRoutes(this.db);
      const loaded = { version, routes };
      this.loaded = loaded;
      // A failed load is not kept: the next claim loads again.
      routes.catch(() => {
        if (this.loaded === loaded) this.loaded = undefined;
      });
    }
    return this.loaded!.routes;
  }
}

/** The first enabled account, in creation order, whose expression matches the sender. */
export function routeFor(routes: Route[], sender: string): Route | undefined {
  return routes.find((route) => route.expression?.test(sender));
}
