import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { RecordContextProvider, useTranslate } from 'react-admin';
import { DIALOG_WIDTH } from '../../common/dialogConstants';
import { useIsPhone } from '../../common/useIsPhone';
import type { UserRecord } from '../../dataProviders/users';
import { UserSecondFactors } from './UserSecondFactors';

/**
 * A user's second factors for those who may read users but not edit them (the editor's tab is theirs otherwise): whether the
 * roles require one, the factors and the recovery codes left, read-only.
 */
export const SecondFactorsDialog = ({ record, onClose }: { record: UserRecord | null; onClose: () => void }) => {
  const translate = useTranslate();
  const phone = useIsPhone();
  return (
    <Dialog
      open={record !== null}
      onClose={onClose}
      fullScreen={phone}
      slotProps={{ paper: { sx: { width: phone ? '100%' : DIALOG_WIDTH, maxWidth: '100%' } } }}
    >
      <DialogTitle>
        {record && translate('resources.users.second_factor.of_user', { name: record.publicName })}
      </DialogTitle>
      <DialogContent>
        {record && (
          <RecordContextProvider value={record}>
            <UserSecondFactors />
          </RecordContextProvider>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('caredesk.action.dismiss')}</Button>
      </DialogActions>
    </Dialog>
  );
};
