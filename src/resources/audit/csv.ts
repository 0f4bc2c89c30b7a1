import type { CsvColumn } from '../../common/export/csv';
import { isoSeconds } from '../../common/export/csv';
import type { AuditEvent } from '../../dataProviders/audit';
import { actionLabel, actorLabel, outcomeLabel, targetLabel, targetTypeLabel } from './actions';

const key = (name: string) => `caredesk.audit.${name}`;

/** The audit export's columns: times in UTC (ISO 8601), actions, target types and outcomes translated, next to their recorded names. */
export const AUDIT_CSV_COLUMNS: CsvColumn<AuditEvent>[] = [
  { header: key('list.time'), cell: (event) => isoSeconds(event.time) },
  { header: key('list.actor'), cell: (event, translate) => actorLabel(translate, event) },
  { header: key('export.actor_id'), cell: (event) => event.actor?.uid ?? '' },
  { header: key('detail.address'), cell: (event) => event.address ?? '' },
  { header: key('list.action'), cell: (event, translate) => actionLabel(translate, event.action) },
  { header: key('export.action_name'), cell: (event) => event.action },
  {
    header: key('export.target_type'),
    cell: (event, translate) => (event.target ? targetTypeLabel(translate, event.target.type) : ''),
  },
  { header: key('export.target_id'), cell: (event) => event.target?.id ?? '' },
  { header: key('list.target'), cell: (event, translate) => targetLabel(translate, event) },
  { header: key('list.outcome'), cell: (event, translate) => outcomeLabel(translate, event.outcome) },
  { header: key('detail.changes'), cell: (event) => (Object.keys(event.changes ?? {}).length ? event.changes : '') },
];
