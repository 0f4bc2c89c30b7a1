import DownloadIcon from '@mui/icons-material/GetApp';
import { useState } from 'react';
import {
  downloadCSV,
  type RaRecord,
  type SortPayload,
  useDataProvider,
  useListContext,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useListFilters } from '../listFilters';
import { ToolbarButton } from '../ToolbarButton';
import { type CsvColumn, toCsv } from './csv';
import { EXPORT_LIMIT, EXPORT_PAGE_SIZE, readAllRows } from './readAll';

interface ExportOptions<T> {
  columns: readonly CsvColumn<T>[];
  /** Translation key of the file's name (without .csv). */
  fileName: string;
  /** The page size the list's service answers at most. */
  pageSize?: number;
  limit?: number;
}

interface CsvDownloadButtonProps<T> extends ExportOptions<T> {
  resource: string;
  filter: Record<string, unknown>;
  sort: SortPayload;
  /** Disabled while true (nothing to export, or the list is loading). */
  disabled?: boolean;
}

/**
 * Export CSV: every row of `resource` that `filter` selects, in `sort` order, read page by page through the data
 * provider up to `limit`, as a UTF-8 CSV with translated headers. Says so when the limit cut rows off.
 */
export function CsvDownloadButton<T extends RaRecord>(props: CsvDownloadButtonProps<T>) {
  const {
    columns,
    fileName,
    pageSize = EXPORT_PAGE_SIZE,
    limit = EXPORT_LIMIT,
    resource,
    filter,
    sort,
    disabled = false,
  } = props;
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const [exporting, setExporting] = useState(false);

  const exportRows = async () => {
    setExporting(true);
    try {
      const { rows, truncated } = await readAllRows<T>(dataProvider, { resource, filter, sort, pageSize, limit });
      downloadCSV(toCsv(columns, rows, translate), translate(fileName));
      if (truncated) notify('caredesk.export.truncated', { type: 'warning', messageArgs: { count: limit } });
    } catch (error) {
      notify('caredesk.export.failed', {
        type: 'error',
        messageArgs: { message: error instanceof Error ? error.message : String(error) },
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <ToolbarButton label="caredesk.export.button" onClick={exportRows} disabled={disabled || exporting}>
      <DownloadIcon />
    </ToolbarButton>
  );
}

/** Export CSV of a react-admin list: every row its current search and filters select (not only the page shown). */
export function CsvExportButton<T extends RaRecord>(props: ExportOptions<T>) {
  const { resource, sort, total, isPending } = useListContext<T>();
  const filter = useListFilters().values;
  return (
    <CsvDownloadButton<T>
      {...props}
      resource={resource}
      filter={filter}
      sort={sort}
      disabled={isPending || total === 0}
    />
  );
}
