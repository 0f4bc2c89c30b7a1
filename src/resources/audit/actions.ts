import type { AuditEvent } from '../../dataProviders/audit';

/** The actions the services record (contracts/audit-actions.ts: the same list the server writes from), in the order the action filter offers them. */
export { AUDIT_ACTIONS } from '../../../contracts/audit-actions';

/** The kinds of target an event names, as the target type filter offers them. */
export const AUDIT_TARGET_TYPES = [
  'user',
  'session',
  'role',
  'mail-provider',
  'mail-account',
  'mail',
  'api-token',
  'file',
  'care-request',
] as const;

export const AUDIT_OUTCOMES = ['success', 'failure', 'refused'] as const;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** An action's name in the panel's language; an action the panel does not know shows as sent (`user.ban`). */
export const actionLabel = (translate: Translate, action: string) =>
  translate(`caredesk.audit.actions.${action}`, { _: action });

export const targetTypeLabel = (translate: Translate, type: string) =>
  translate(`caredesk.audit.target_types.${type}`, { _: type });

export const outcomeLabel = (translate: Translate, outcome: string) =>
  translate(`caredesk.audit.outcomes.${outcome}`, { _: outcome });

/**
 * Who made the change: the user's public name; for events without one, an API token, someone not signed in (a request from a
 * client, e.g. a failed sign-in or the public intake form: it has an address), or the server itself (retention: no address).
 */
export function actorLabel(translate: Translate, event: Pick<AuditEvent, 'actor' | 'address' | 'changes'>): string {
  if (event.actor) return event.actor.public_name;
  if (typeof event.changes?.api_token === 'string') return translate('caredesk.audit.list.api_token');
  return translate(event.address ? 'caredesk.audit.list.not_signed_in' : 'caredesk.audit.list.server');
}

const shortReference = (uid: string) => uid.slice(0, 8);

/**
 * The target's name: its label as recorded; a mail "Mail to 2 recipients · 1a2b3c4d" by its recipient count and the start of its
 * reference uid, never by an address or subject (older events labelled mails with the sender).
 */
export function targetLabel(translate: Translate, event: Pick<AuditEvent, 'target' | 'changes'>): string {
  const { target } = event;
  if (!target) return '';
  if (target.type !== 'mail') return target.label ?? '';
  const recipients = event.changes?.recipients_count;
  const reference = shortReference(target.id);
  if (typeof recipients === 'number')
    return translate('caredesk.audit.mail_target.recipients', { smart_count: recipients, reference });
  return translate('caredesk.audit.mail_target.reference', { reference });
}

/** What the event is about, in words: "User: Bob Recruiter" (the label, else the id); a mail by targetLabel alone. */
export function targetSummary(translate: Translate, event: Pick<AuditEvent, 'target' | 'changes'>): string {
  const { target } = event;
  if (!target) return '';
  if (target.type === 'mail') return targetLabel(translate, event);
  return `${targetTypeLabel(translate, target.type)}: ${target.label || target.id}`;
}
