import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '../../contracts/audit-actions';
import type { Db } from '../db';
import { auditEvents } from '../db/schema';

/**
 * One entry of the audit trail. `changes` names the changed fields with their new values, never a password, a token value,
 * an SMTP password or a care customer's personal data (those appear, if at all, as `true` meaning "changed").
 */
export interface AuditEvent {
  /** `<target type>.<verb>`, e.g. `user.ban`, `sign-in.failure`, `care-request.contact-read`: one of contracts/audit-actions.ts. */
  action: AuditAction;
  actor?: { uid: string; publicName: string } | null;
  address?: string | null;
  target?: { type: string; id: string; label?: string | null } | null;
  changes?: Record<string, unknown>;
  outcome?: 'success' | 'failure' | 'refused';
  /** The uid of the API token that made the call (then `actor` is null); recorded as `changes.api_token`. */
  apiToken?: string | null;
}

/** Who made a call and from where: what a service function that records events takes from its route. */
export type AuditContext = Pick<AuditEvent, 'actor' | 'address' | 'apiToken'>;

/** Records an event; pass the transaction of the change (`tx`) so that both are kept or neither. */
export async function recordAudit(db: Db, event: AuditEvent): Promise<void> {
  const actorName = event.actor?.publicName ?? null;
  const targetLabel = event.target?.label ?? null;
  await db.insert(auditEvents).values({
    actorUid: event.actor?.uid ?? null,
    actorName,
    address: event.address ?? null,
    action: event.action,
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    targetLabel,
    changes: event.apiToken ? { ...event.changes, api_token: event.apiToken } : (event.changes ?? {}),
    outcome: event.outcome ?? 'success',
    searchText: [actorName, targetLabel, event.action]
      .filter((part) => part)
      .join('\n')
      .toLowerCase(),
  });
}

/** The actor and address of a request admitted as a signed-in user, by an API token (its uid) or of no one, for recordAudit. */
export function auditContextOf(request: FastifyRequest): AuditContext {
  const user = request.user as FastifyRequest['user'] | undefined;
  const actor = user ? { uid: user.uid, publicName: user.publicName } : null;
  return request.apiCaller
    ? { actor: null, address: request.ip, apiToken: request.apiCaller.uid }
    : { actor, address: request.ip };
}

/** The fields of `after` whose values differ from `before` (compared as JSON), with their new values: an update's `changes`. */
export function changedFields<T extends object>(before: object, after: T): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    if (JSON.stringify((before as Record<string, unknown>)[key]) !== JSON.stringify(after[key]))
      changed[key] = after[key];
  }
  return changed;
}
