import { CsvExportButton } from '../../common/export/CsvExportButton';
import { AUDIT_CSV_COLUMNS } from './csv';

/** Export CSV: every event the current search and filters select (not only the page shown). */
export const AuditExportButton = () => (
  <CsvExportButton columns={AUDIT_CSV_COLUMNS} fileName="caredesk.audit.export.file_name" />
);
