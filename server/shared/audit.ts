import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { auditEvents } from '../db/schema';

/**
 * One entry of the audit trail. `changes` names the changed fields with their new values, never a password, a token value,
 * an SMTP password or a care customer's personal data (those appear, if at all, as `true` meaning "changed").
 */
export interface AuditEvent {
  /** `<target type>.<verb>`, e.g. `user.ban`, `sign-in.failure`, `care-request.contact-read`. */
  action: string;
  actor?: { uid: string; publicName: string } | null;
  address?: string | null;
  target?: { type: string; id: string; label?: string | null } | null;
  changes?: Record<string, unknown>;
  outcome?: 'success' | 'failure' | 'refused';
}

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
    changes: event.changes ?? {},
    outcome: event.outcome ?? 'success',
    searchText: [actorName, targetLabel, event.action].filter((part) => part).join('\n').toLowerCase(),
  });
}

/** The actor and address of a request admitted as a signed-in user (or of no one), for recordAudit. */
export function auditContextOf(request: FastifyRequest): Pick<AuditEvent, 'actor' | 'address'> {
  const user = request.user as FastifyRequest['user'] | undefined;
  return { actor: user ? { uid: user.uid, publicName: user.publicName } : null, address: request.ip };
}
