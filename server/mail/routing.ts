import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { mailAccounts, mailProviders } from '../db/schema';
import { compileExpression, type SenderMatcher } from './expression';

/** What delivers the mails of matching senders: an account with its provider. */
export interface Route {
  accountUid: string;
  expression: SenderMatcher | null;
  provider: {
    uid: string;
    /** For the mail log's attempts. */ name?: string;
    host: string;
    port: number;
    security: 'none' | 'starttls' | 'ssl/tls';
  };
  username: string | null;
  encryptedPassword: string | null;
  /** The account or its provider is disabled: the route delivers nothing, but its senders' mails wait for it. */
  disabled: boolean;
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

/** Every account with its provider, in matching order; those disabled (themselves or by their provider) marked so. */
export async function loadRoutes(db: Db): Promise<Route[]> {
  const rows = await db
    .select({
      accountUid: mailAccounts.uid,
      expression: mailAccounts.expression,
      username: mailAccounts.username,
      encryptedPassword: mailAccounts.encryptedPassword,
      provider: {
        uid: mailProviders.uid,
        name: mailProviders.name,
        host: mailProviders.host,
        port: mailProviders.port,
        security: mailProviders.security,
      },
      disabled: sql<boolean>`(${mailAccounts.disabledAt} is not null or ${mailProviders.disabledAt} is not null)`,
    })
    .from(mailAccounts)
    .innerJoin(mailProviders, eq(mailAccounts.providerUid, mailProviders.uid))
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
  select md5(coalesce(string_agg(concat_ws('|', a.uid, a.position, a.expression, a.username, a.encrypted_password, p.uid, p.name, p.host, p.port, p.security,
                                             a.disabled_at is not null or p.disabled_at is not null), e'\\n' order by a.position), ''))
    from ${mailAccounts} a join ${mailProviders} p on p.uid = a.provider_uid)`;

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
    return this.loaded.routes;
  }
}

/**
 * The first enabled account, in creation order, whose expression matches the sender; 'disabled' when only disabled ones match
 * (the mails wait for one to be enabled again, as for a provider down for maintenance), undefined when none matches.
 */
export function routeFor(routes: Route[], sender: string): Route | 'disabled' | undefined {
  const matching = routes.filter((route) => route.expression?.test(sender));
  return matching.find((route) => !route.disabled) ?? (matching.length > 0 ? 'disabled' : undefined);
}
