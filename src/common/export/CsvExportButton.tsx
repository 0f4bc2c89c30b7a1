import DownloadIcon from '@mui/icons-material/GetApp';
import { useState } from 'react';
import { Button, downloadCSV, type RaRecord, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import { type CsvColumn, toCsv } from './csv';
import { EXPORT_LIMIT, EXPORT_PAGE_SIZE, readAllRows } from './readAll';

interface CsvExportButtonProps<T> {
  columns: readonly CsvColumn<T>[];
  /** Translation key of the file's name (without .csv). */
  fileName: string;
  /** The page size the list's service answers at most. */
  pageSize?: number;
  limit?: number;
}

/**
 * Export CSV: every row the list's current search and filters select (not only the page shown), read page by page
 * through the data provider up to `limit`, as a UTF-8 CSV with translated headers. Says so when the limit cut rows off.
 */
export function CsvExportButton<T extends RaRecord>({ columns, fileName, pageSize = EXPORT_PAGE_SIZE, limit = EXPORT_LIMIT }: CsvExportButtonProps<T>) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { resource, filterValues, sort, total, isPending } = useListContext<T>();
  const [exporting, setExporting] = useState(false);

  const exportRows = async () => {
    setExporting(true);
    try {
      const { rows, truncated } = await readAllRows<T>(dataProvider, { resource, filter: filterValues, sort, pageSize, limit });
      downloadCSV(toCsv(columns, rows, translate), translate(fileName));
      if (truncated) notify('caredesk.export.truncated', { type: 'warning', messageArgs: { count: limit } });
    } catch (error) {
      notify('caredesk.export.failed', { type: 'error', messageArgs: { message: error instanceof Error ? error.message : String(error) } });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Button label="caredesk.export.button" onClick={exportRows} disabled={isPending || exporting || total === 0}>
      <DownloadIcon />
    </Button>
  );
}
