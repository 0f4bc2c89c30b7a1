import ReplayIcon from '@mui/icons-material/Replay';
import { CircularProgress } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useListContext, useNotify } from 'react-admin';
import { ToolbarButton } from '../../common/ToolbarButton';
import type { CaredeskDataProvider } from '../../dataProviders';
import { MAIL_RESOURCES } from '../../dataProviders/mail';
import type { MailLogRecord } from '../../dataProviders/mail/logRecords';
import { IfCan } from '../../common/permissions';

/**
 * The failed list's toolbar button: requeues the selected deliveries by reference_uid, says how many went back to the
 * queue (or that none could), then reloads the list and clears the selection. Disabled without a selection. Only for
 * mail:manage.
 */
export const RequeueButton = () => {
  const { selectedIds, onUnselectItems, refetch } = useListContext<MailLogRecord>();
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const requeue = async () => {
    setBusy(true);
    try {
      const { data } = await dataProvider.requeueMails(MAIL_RESOURCES.failed, { ids: selectedIds });
      notify('caredesk.mail.list.requeued', { type: 'info', messageArgs: { smart_count: data.requeued.length } });
    } catch (error) {
      console.error('Cannot requeue the deliveries', error);
      notify('caredesk.mail.list.requeue_failed', { type: 'error' });
    } finally {
      setBusy(false);
      onUnselectItems();
      void refetch();
    }
  };

  return (
    <IfCan permission="mail:manage">
      <ToolbarButton label="caredesk.mail.list.requeue" onClick={requeue} disabled={busy || selectedIds.length === 0}>
        {busy ? <CircularProgress size={16} color="inherit" /> : <ReplayIcon />}
      </ToolbarButton>
    </IfCan>
  );
};
