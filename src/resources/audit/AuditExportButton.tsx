import { downloadCSV, ExportButton, type Exporter, useListContext, useNotify, useTranslate } from 'react-admin';
import type { AuditEvent } from '../../dataProviders/audit';
import { auditCsv } from './csv';

/** The most events one export holds; the provider reads them 100 at a time. */
export const AUDIT_EXPORT_LIMIT = 10_000;

/**
 * Export CSV: every event the current search and filters select (not only the page shown), up to AUDIT_EXPORT_LIMIT,
 * through react-admin's ExportButton and an exporter that writes the translated CSV.
 */
export const AuditExportButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { total } = useListContext();
  const exporter: Exporter<AuditEvent> = (events) => {
    downloadCSV(auditCsv(events, translate), translate('caredesk.audit.export.file_name'));
    if ((total ?? 0) > AUDIT_EXPORT_LIMIT) notify('caredesk.audit.export.truncated', { type: 'warning', messageArgs: { count: AUDIT_EXPORT_LIMIT } });
  };
  return <ExportButton label="caredesk.audit.export.button" maxResults={AUDIT_EXPORT_LIMIT} exporter={exporter} />;
};
