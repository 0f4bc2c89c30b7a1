import FastForwardIcon from '@mui/icons-material/FastForward';
import { CircularProgress, IconButton, Tooltip } from '@mui/material';
import { type MouseEvent, useState } from 'react';
import { type Identifier, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import { IfCan } from '../../common/permissions';
import { ToolbarButton } from '../../common/ToolbarButton';
import type { CaredeskDataProvider } from '../../dataProviders';
import { MAIL_RESOURCES } from '../../dataProviders/mail';
import type { MailLogRecord } from '../../dataProviders/mail/logRecords';

/** Makes retrying mails due now and says how many moved (none: they were delivered, failed or cancelled meanwhile); then reloads. */
function useRetryNow() {
  const { refetch } = useListContext();
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const retryNow = async (ids: Identifier[]) => {
    setBusy(true);
    try {
      const { data } = await dataProvider.retryNow(MAIL_RESOURCES.retries, { ids });
      if (data.moved === 0) notify('caredesk.mail.list.retried_none', { type: 'warning' });
      else notify('caredesk.mail.list.retried_now', { type: 'info', messageArgs: { smart_count: data.moved } });
    } catch (error) {
      console.error('Cannot retry the deliveries now', error);
      notify('caredesk.mail.list.retry_now_failed', { type: 'error' });
    } finally {
      setBusy(false);
      void refetch();
    }
  };
  return { busy, retryNow };
}

const Progress = () => <CircularProgress size={16} color="inherit" />;

/** The retry list's toolbar button for the selected rows (mail:manage); disabled without a selection, which it clears. */
export const RetryNowButton = () => {
  const { selectedIds, onUnselectItems } = useListContext<MailLogRecord>();
  const { busy, retryNow } = useRetryNow();
  const click = async () => {
    await retryNow(selectedIds);
    onUnselectItems();
  };
  return (
    <IfCan permission="mail:manage">
      <ToolbarButton label="caredesk.mail.list.retry_now" onClick={click} disabled={busy || selectedIds.length === 0}>
        {busy ? <Progress /> : <FastForwardIcon />}
      </ToolbarButton>
    </IfCan>
  );
};

/** One row's (or a phone card's) Retry now, named 'Retry now <subject>'; the click does not open the mail as the row would. */
export const RetryNowRowButton = ({ id, subject }: { id: Identifier; subject: string }) => {
  const translate = useTranslate();
  const { busy, retryNow } = useRetryNow();
  const label = translate('caredesk.mail.list.retry_now');
  const click = (event: MouseEvent) => {
    event.stopPropagation();
    event.preventDefault();
    void retryNow([id]);
  };
  return (
    <IfCan permission="mail:manage">
      <Tooltip title={label}>
        <span>
          <IconButton aria-label={`${label} ${subject}`} size="small" onClick={click} disabled={busy}>
            {busy ? <Progress /> : <FastForwardIcon fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
    </IfCan>
  );
};
