import BlockIcon from '@mui/icons-material/Block';
import KeyOffIcon from '@mui/icons-material/KeyOff';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LockResetIcon from '@mui/icons-material/LockReset';
import { CreateButton, TopToolbar } from 'react-admin';
import { CsvExportButton } from '../../common/export/CsvExportButton';
import { useCan } from '../../common/permissions';
import { USER_CSV_COLUMNS } from './csv';
import { usersPaths } from './paths';
import { SelectionActionButton } from './SelectionActionButton';

const exportButton = <CsvExportButton columns={USER_CSV_COLUMNS} fileName="resources.users.list.export_file_name" />;

/**
 * Revoke Tokens, Ban, Unban and Unlock (disabled without a selection) and the add button, all only for users:manage;
 * the CSV export for everyone who sees the list.
 */
export const UserListActions = () => {
  if (!useCan('users:manage')) return <TopToolbar>{exportButton}</TopToolbar>;
  return (
    <TopToolbar>
      <SelectionActionButton
        label="resources.users.list.revoke_tokens"
        icon={<KeyOffIcon />}
        successMessage="resources.users.messages.tokens_removed"
        action={(dataProvider, ids) => dataProvider.revokeTokens('users', { ids })}
      />
      <SelectionActionButton
        label="resources.users.list.ban"
        icon={<BlockIcon />}
        color="error"
        successMessage="resources.users.messages.banned"
        action={(dataProvider, ids) => dataProvider.banUsers('users', { ids })}
      />
      <SelectionActionButton
        label="resources.users.list.unban"
        icon={<LockOpenIcon />}
        successMessage="resources.users.messages.unbanned"
        action={(dataProvider, ids) => dataProvider.unbanUsers('users', { ids })}
      />
      <SelectionActionButton
        label="resources.users.list.unlock"
        icon={<LockResetIcon />}
        successMessage="resources.users.messages.unlocked"
        action={(dataProvider, ids) => dataProvider.unlockUsers('users', { ids })}
      />
      <CreateButton to={usersPaths.create} label="resources.users.list.add" />
      {exportButton}
    </TopToolbar>
  );
};
