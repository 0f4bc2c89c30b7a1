import { Chip } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { formatSeconds } from '../../common/dates/formatSeconds';
import type { AuditEvent } from '../../dataProviders/audit';
import { actionLabel, outcomeLabel, targetTypeLabel } from './actions';

export const TimeField = ({ event }: { event: AuditEvent }) => <>{formatSeconds(event.time, useLocale())}</>;

/** The actor's public name, or 'Server' for what the server did by itself. */
export const ActorField = ({ event }: { event: AuditEvent }) => {
  const translate = useTranslate();
  return <>{event.actor ? event.actor.public_name : translate('caredesk.audit.list.server')}</>;
};

/** The action's name in the panel's language, the recorded name as its title (and as the text when unknown). */
export const ActionField = ({ event }: { event: AuditEvent }) => {
  const translate = useTranslate();
  return <span title={event.action}>{actionLabel(translate, event.action)}</span>;
};

/** "User: Bob Recruiter" (the label, else the id), nothing for an event without a target. */
export const TargetField = ({ event }: { event: AuditEvent }) => {
  const translate = useTranslate();
  if (!event.target) return null;
  return (
    <span title={event.target.id}>
      {targetTypeLabel(translate, event.target.type)}: {event.target.label || event.target.id}
    </span>
  );
};

/** The target's type in the panel's language ('–' for an event without a target). */
export const TargetTypeField = ({ event }: { event: AuditEvent }) => {
  const translate = useTranslate();
  return <span title={event.target?.type}>{event.target ? targetTypeLabel(translate, event.target.type) : '–'}</span>;
};

const OUTCOME_COLORS = { success: 'success', failure: 'error', refused: 'warning' } as const;

export const OutcomeChip = ({ event }: { event: AuditEvent }) => {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" color={OUTCOME_COLORS[event.outcome] ?? 'default'} label={outcomeLabel(translate, event.outcome)} />;
};
