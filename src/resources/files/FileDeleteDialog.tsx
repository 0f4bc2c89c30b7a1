import { Button, DialogContentText } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { type Identifier, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { ActionDialog } from '../../common/ActionDialog';
import { FOCUS_DELAY_MS } from '../../common/dialogConstants';
import { FILES_RESOURCE } from '../../dataProviders/files';
import { describeError } from '../../dataProviders/problem';

interface FileDeleteDialogProps {
  open: boolean;
  /** The files to delete; with one, `name` names it in the question. */
  ids: Identifier[];
  name?: string;
  onClose: () => void;
  /** After success, before the list reloads (the list takes the deleted files off its selection). */
  onDeleted?: () => void;
}

/**
 * Asks before files are deleted for good, naming the file or how many; Cancel has the focus. One file or several alike
 * through the bulk delete, so that a file someone else deleted meanwhile is counted as such, not an error.
 */
export const FileDeleteDialog = ({ open, ids, name, onClose, onDeleted }: FileDeleteDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const count = ids.length;

  useEffect(() => {
    if (!open) return;
    setError(null);
    const timer = setTimeout(() => cancelButton.current?.focus(), FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open]);

  const deleteFiles = async (): Promise<number> => {
    const { data } = await dataProvider.deleteMany(FILES_RESOURCE, { ids });
    return data?.length ?? 0;
  };

  const confirm = async () => {
    setLoading(true);
    setError(null);
    try {
      const deleted = await deleteFiles();
      if (deleted > 0)
        notify('caredesk.files.delete.success', { type: 'success', messageArgs: { smart_count: deleted } });
      if (deleted < count)
        notify('caredesk.files.delete.already_gone', {
          type: 'warning',
          messageArgs: { smart_count: count - deleted },
        });
      onDeleted?.();
      refresh();
      onClose();
    } catch (cause) {
      setError(describeError(cause, translate));
    } finally {
      setLoading(false);
    }
  };

  const question =
    count === 1 && name
      ? translate('caredesk.files.delete.one', { name })
      : translate('caredesk.files.delete.many', { smart_count: count });
  return (
    <ActionDialog
      open={open}
      onClose={onClose}
      loading={loading}
      title={translate('caredesk.files.delete.title', { smart_count: count })}
      error={error}
      onDismissError={() => setError(null)}
      actions={
        <>
          <Button ref={cancelButton} onClick={onClose} disabled={loading}>
            {translate('caredesk.files.delete.cancel')}
          </Button>
          <Button variant="contained" color="error" onClick={confirm} loading={loading}>
            {translate('caredesk.files.delete.confirm')}
          </Button>
        </>
      }
    >
      <DialogContentText sx={{ overflowWrap: 'anywhere' }}>{question}</DialogContentText>
    </ActionDialog>
  );
};
