import ReplayIcon from '@mui/icons-material/Replay';
import { CircularProgress } from '@mui/material';
import { useState } from 'react';
import { Button, useDataProvider, useListContext } from 'react-admin';
import type { CaredeskDataProvider } from '../../dataProviders';
import { MAIL_RESOURCES } from '../../dataProviders/mail';
import { IfCan } from '../../common/permissions';

/**
 * Requeues the selected permanently failed deliveries by reference_uid, then reloads the list and clears the
 * selection. Disabled without a selection; a failure is only logged. Only for mail:manage.
 */
export const RequeueButton = () => {
  const { selectedIds, onUnselectItems, refetch } = useListContext();
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const [busy, setBusy] = useState(false);

  const handleClick = async () => {
    setBusy(true);
    try {
      await dataProvider.requeueMails(MAIL_RESOURCES.failed, { ids: selectedIds });
    } catch (error) {
      console.error('Cannot requeue the deliveries', error);
    } finally {
      setBusy(false);
      onUnselectItems();
      void refetch();
    }
  };

  return (
    <IfCan permission="mail:manage">
      <Button label="caredesk.mail.list.requeue" onClick={handleClick} disabled={busy || selectedIds.length === 0}>
        {busy ? <CircularProgress size={16} color="inherit" /> : <ReplayIcon />}
      </Button>
    </IfCan>
  );
};
