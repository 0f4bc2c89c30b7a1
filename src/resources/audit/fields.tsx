import { Chip } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { formatSeconds } from '../../common/dates/formatSeconds';
import { OneLineText } from '../../common/OneLineText';
import type { AuditEvent } from '../../dataProviders/audit';
import { actionLabel, actorLabel, outcomeLabel, targetLabel, targetSummary, targetTypeLabel } from './actions';

export const TimeField = ({ event }: { event: AuditEvent }) => <>{formatSeconds(event.time, useLocale())}</>;

/** The actor's public name; without one 'API token', 'Not signed in' or 'Server' (see actorLabel). */
export const ActorField = ({ event }: { event: AuditEvent }) => {
  const translate = useTranslate();
  return <>{actorLabel(translate, event)}</>;
};

/** The actor in one line of the table. */
export const OneLineActorField = ({ event }: { event: AuditEvent }) => (
  <OneLineText text={actorLabel(useTranslate(), event)} />
);

/** The action's name in the panel's language, the recorded name as its title (and as the text when unknown). */
export const ActionField = ({ event }: { event: AuditEvent }) => {
  const translate = useTranslate();
  return <span title={event.action}>{actionLabel(translate, event.action)}</span>;
};

/**
 * "User: Bob Recruiter", "Mail to 2 recipients · 1a2b3c4d" (see targetSummary) in one line of the table (the whole on hover
 * and focus where cut), the id as the title around it; nothing for an event without a target.
 */
export const TargetField = ({ event }: { event: AuditEvent }) => {
  const translate = useTranslate();
  if (!event.target) return null;
  return (
    <span title={event.target.id} style={{ display: 'block' }}>
      <OneLineText text={targetSummary(translate, event)} />
    </span>
  );
};

/** The target's name as targetLabel says it ('–' without one). */
export const TargetLabelField = ({ event }: { event: AuditEvent }) => <>{targetLabel(useTranslate(), event) || '–'}</>;

/** The target's type in the panel's language ('–' for an event without a target). */
export const TargetTypeField = ({ event }: { event: AuditEvent }) => {
  const translate = useTranslate();
  return <span title={event.target?.type}>{event.target ? targetTypeLabel(translate, event.target.type) : '–'}</span>;
};

const OUTCOME_COLORS = { success: 'success', failure: 'error', refused: 'warning' } as const;

export const OutcomeChip = ({ event }: { event: AuditEvent }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={OUTCOME_COLORS[event.outcome] ?? 'default'}
      label={outcomeLabel(translate, event.outcome)}
    />
  );
};
