import { CircularProgress } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { Button, type Identifier, useDataProvider, useListContext, useRefresh, useTranslate } from 'react-admin';
import type { CaredeskDataProvider } from '../../dataProviders';
import { describeError } from '../../dataProviders/problem';
import { useGlobalAlert } from '../../layout/globalAlert';

interface SelectionActionButtonProps {
  label: string;
  icon: ReactElement;
  /** Translation key of the success message shown in the global alert. */
  successMessage: string;
  action: (dataProvider: CaredeskDataProvider, ids: Identifier[]) => Promise<unknown>;
  color?: 'primary' | 'error' | 'inherit';
}

/**
 * A list toolbar button acting on the selected rows. Always visible, disabled without a selection, with a loading
 * state while it runs; success and failure go to the global alert, then the list reloads and the selection clears.
 */
export const SelectionActionButton = ({ label, icon, successMessage, action, color = 'primary' }: SelectionActionButtonProps) => {
  const { selectedIds, onUnselectItems } = useListContext();
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const refresh = useRefresh();
  const translate = useTranslate();
  const { showSuccess, showError } = useGlobalAlert();
  const [busy, setBusy] = useState(false);

  const handleClick = async () => {
    setBusy(true);
    try {
      await action(dataProvider, selectedIds);
      showSuccess(successMessage);
      onUnselectItems();
      refresh();
    } catch (error) {
      showError(describeError(error, translate));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button label={label} onClick={handleClick} disabled={busy || selectedIds.length === 0} color={color}>
      {busy ? <CircularProgress size={16} color="inherit" /> : icon}
    </Button>
  );
};
