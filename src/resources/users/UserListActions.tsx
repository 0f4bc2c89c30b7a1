import { CreateButton, TopToolbar } from 'react-admin';
import { CsvExportButton } from '../../common/export/CsvExportButton';
import { useCan } from '../../common/permissions';
import { useSignInProviderName } from '../../common/signInProvider';
import { useIsPhone } from '../../common/useIsPhone';
import { USER_CSV_COLUMNS } from './csv';
import { usersPaths } from './paths';
import { SignInFilter } from './SignInFilter';
import { SelectionActionButton, USER_ACTIONS } from './UserActionButtons';

/** Seven buttons in German (the Filter button with a provider configured) are wider than a laptop's list: they wrap. */
const TOOLBAR_SX = { alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' } as const;

const exportButton = <CsvExportButton columns={USER_CSV_COLUMNS} fileName="resources.users.list.export_file_name" />;

/**
 * Revoke Tokens, Ban, Unban and Unlock (disabled without a selection) and the add button, all only for users:manage;
 * the CSV export for everyone who sees the list, and with a provider configured the Filter button (how users sign in). A phone's
 * cards cannot be selected: there the actions are on each user's edit page.
 */
export const UserListActions = () => {
  const canManage = useCan('users:manage');
  const phone = useIsPhone();
  const provider = useSignInProviderName();
  const filter = provider && <SignInFilter provider={provider} />;
  if (!canManage)
    return (
      <TopToolbar sx={TOOLBAR_SX}>
        {filter}
        {exportButton}
      </TopToolbar>
    );
  return (
    <TopToolbar sx={TOOLBAR_SX}>
      {filter}
      {!phone && (
        <>
          <SelectionActionButton action={USER_ACTIONS.revokeTokens} />
          <SelectionActionButton action={USER_ACTIONS.ban} />
          <SelectionActionButton action={USER_ACTIONS.unban} />
          <SelectionActionButton action={USER_ACTIONS.unlock} />
        </>
      )}
      <CreateButton to={usersPaths.create} label="resources.users.list.add" />
      {exportButton}
    </TopToolbar>
  );
};
