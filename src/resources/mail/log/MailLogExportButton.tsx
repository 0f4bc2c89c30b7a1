import DownloadIcon from '@mui/icons-material/GetApp';
import { useState } from 'react';
import { Button, downloadCSV, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import { describeError } from '../../../dataProviders/problem';
import type { MailLogRecord } from '../../../dataProviders/mail/logRecords';
import { mailLogCsv } from './csv';

/** The most mails one export holds; the data provider reads them 100 at a time. */
export const MAIL_LOG_EXPORT_LIMIT = 10_000;

/**
 * Export CSV: every mail the current search, state chips and filters select (not only the page shown), up to
 * MAIL_LOG_EXPORT_LIMIT, in the list's sort order. Says so when the limit cut mails off.
 */
export const MailLogExportButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { resource, filterValues, sort, total, isPending } = useListContext<MailLogRecord>();
  const [exporting, setExporting] = useState(false);

  const exportRows = async () => {
    setExporting(true);
    try {
      const { data, pageInfo } = await dataProvider.getList<MailLogRecord>(resource, {
        filter: filterValues,
        sort,
        pagination: { page: 1, perPage: MAIL_LOG_EXPORT_LIMIT },
      });
      downloadCSV(mailLogCsv(data, translate), translate('caredesk.mail_log.export.file_name'));
      if (pageInfo?.hasNextPage) notify('caredesk.mail_log.export.truncated', { type: 'warning', messageArgs: { count: MAIL_LOG_EXPORT_LIMIT } });
    } catch (error) {
      notify('caredesk.mail_log.export.failed', { type: 'error', messageArgs: { message: describeError(error, translate) } });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Button label="caredesk.mail_log.export.button" onClick={exportRows} disabled={isPending || exporting || total === 0}>
      <DownloadIcon />
    </Button>
  );
};
