/** The actions the services record (contracts of issue 10), in the order the action filter offers them. */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.update',
  'user.password-set',
  'user.password-change',
  'user.ban',
  'user.unban',
  'user.revoke-refresh-tokens',
  'user.unlock',
  'session.revoke',
  'role.update',
  'sign-in.success',
  'sign-in.failure',
  'sign-in.throttled',
  'refresh-token.reuse',
  'mail-provider.create',
  'mail-provider.update',
  'mail-account.create',
  'mail-account.update',
  'mail.send',
  'mail.requeue',
  'mail.retention',
  'api-token.create',
  'api-token.revoke',
  'api-token.delete',
  'file.upload',
  'file.references-update',
  'file.update',
  'file.delete',
  'care-request.create',
  'care-request.contact-read',
  'care-request.contact-erase',
  'care-request.contact-retention',
] as const;

/** The kinds of target an event names, as the target type filter offers them. */
export const AUDIT_TARGET_TYPES = ['user', 'session', 'role', 'mail-provider', 'mail-account', 'mail', 'api-token', 'file', 'care-request'] as const;

export const AUDIT_OUTCOMES = ['success', 'failure', 'refused'] as const;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** An action's name in the panel's language; an action the panel does not know shows as sent (`user.ban`). */
export const actionLabel = (translate: Translate, action: string) => translate(`caredesk.audit.actions.${action}`, { _: action });

export const targetTypeLabel = (translate: Translate, type: string) => translate(`caredesk.audit.target_types.${type}`, { _: type });

export const outcomeLabel = (translate: Translate, outcome: string) => translate(`caredesk.audit.outcomes.${outcome}`, { _: outcome });
