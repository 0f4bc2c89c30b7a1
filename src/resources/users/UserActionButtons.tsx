import BlockIcon from '@mui/icons-material/Block';
import KeyOffIcon from '@mui/icons-material/KeyOff';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LockResetIcon from '@mui/icons-material/LockReset';
import { Button, CircularProgress, DialogContentText, Tooltip } from '@mui/material';
import { type ReactElement, useState } from 'react';
import {
  type Identifier,
  useDataProvider,
  useGetIdentity,
  useListContext,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { ActionDialog } from '../../common/ActionDialog';
import { useGlobalAlert } from '../../common/globalAlert';
import { ToolbarButton } from '../../common/ToolbarButton';
import type { CaredeskDataProvider } from '../../dataProviders';
import { describeError } from '../../dataProviders/problem';
import type { UserRecord } from '../../dataProviders/users';

interface UserAction {
  label: string;
  icon: ReactElement;
  /** Translation key of the success message shown in the global alert. */
  successMessage: string;
  run: (dataProvider: CaredeskDataProvider, ids: Identifier[]) => Promise<unknown>;
  color?: 'primary' | 'error';
  /** Asked before it runs: translation keys of the question's title and text (with %{smart_count} users). */
  confirm?: { title: string; message: string };
  /** Refused for one's own account: the button says so instead of letting the service refuse it. */
  notForOneself?: string;
}

/** What users:manage may do to users (the list's selection, or one user on the edit page). */
export const USER_ACTIONS = {
  revokeTokens: {
    label: 'resources.users.list.revoke_tokens',
    icon: <KeyOffIcon />,
    successMessage: 'resources.users.messages.tokens_removed',
    run: (dataProvider, ids) => dataProvider.revokeTokens('users', { ids }),
  },
  ban: {
    label: 'resources.users.list.ban',
    icon: <BlockIcon />,
    color: 'error',
    successMessage: 'resources.users.messages.banned',
    confirm: { title: 'resources.users.confirm.ban_title', message: 'resources.users.confirm.ban_message' },
    notForOneself: 'resources.users.messages.cannot_ban_self',
    run: (dataProvider, ids) => dataProvider.banUsers('users', { ids }),
  },
  unban: {
    label: 'resources.users.list.unban',
    icon: <LockOpenIcon />,
    successMessage: 'resources.users.messages.unbanned',
    run: (dataProvider, ids) => dataProvider.unbanUsers('users', { ids }),
  },
  unlock: {
    label: 'resources.users.list.unlock',
    icon: <LockResetIcon />,
    successMessage: 'resources.users.messages.unlocked',
    run: (dataProvider, ids) => dataProvider.unlockUsers('users', { ids }),
  },
} satisfies Record<string, UserAction>;

interface UserActionButtonProps {
  action: UserAction;
  ids: Identifier[];
  /** After success, before the reload (the list clears its selection). */
  onDone?: () => void;
}

/**
 * A button acting on some users: disabled without any (and, for what one may not do to oneself, with one's own account
 * among them, saying why), asking first where the action says so, with a loading state while it runs; success and
 * failure go to the global alert, then the page reloads its data. The question keeps the count it was asked with (the
 * cleared selection would otherwise retitle it "Ban these 0 users?" while it closes).
 */
const UserActionButton = ({ action, ids, onDone }: UserActionButtonProps) => {
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const refresh = useRefresh();
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { showSuccess, showError } = useGlobalAlert();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [askedCount, setAskedCount] = useState(0);
  const refusedForOneself =
    action.notForOneself !== undefined &&
    identity !== undefined &&
    ids.some((id) => String(id) === String(identity.id));

  const ask = () => {
    setAskedCount(ids.length);
    setAsking(true);
  };

  const run = async () => {
    setAsking(false);
    setBusy(true);
    try {
      await action.run(dataProvider, ids);
      showSuccess(action.successMessage);
      onDone?.();
      refresh();
    } catch (error) {
      showError(describeError(error, translate));
    } finally {
      setBusy(false);
    }
  };

  const button = (
    <ToolbarButton
      label={action.label}
      onClick={action.confirm ? ask : run}
      disabled={busy || ids.length === 0 || refusedForOneself}
      color={action.color ?? 'primary'}
    >
      {busy ? <CircularProgress size={16} color="inherit" /> : action.icon}
    </ToolbarButton>
  );
  return (
    <>
      {refusedForOneself ? (
        <Tooltip title={translate(action.notForOneself!)}>
          <span>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
      {action.confirm && (
        <ActionDialog
          open={asking}
          onClose={() => setAsking(false)}
          loading={false}
          title={translate(action.confirm.title, { smart_count: askedCount })}
          error={null}
          onDismissError={() => undefined}
          actions={
            <>
              <Button onClick={() => setAsking(false)}>{translate('ra.action.cancel')}</Button>
              <Button variant="contained" color={action.color ?? 'primary'} onClick={run}>
                {translate(action.label)}
              </Button>
            </>
          }
        >
          <DialogContentText>{translate(action.confirm.message, { smart_count: askedCount })}</DialogContentText>
        </ActionDialog>
      )}
    </>
  );
};

/** A list toolbar button acting on the selected rows: always visible, disabled without a selection, which it clears after success. */
export const SelectionActionButton = ({ action }: { action: UserAction }) => {
  const { selectedIds, onUnselectItems } = useListContext();
  return <UserActionButton action={action} ids={selectedIds} onDone={onUnselectItems} />;
};

/**
 * The edit page's actions on its user (the only way on a phone, whose list has no selection): Revoke Tokens, Ban or
 * Unban as the user is, and Unlock while sign-in is locked.
 */
export const RecordActionButtons = () => {
  const record = useRecordContext<UserRecord>();
  if (!record) return null;
  const ids = [record.id];
  return (
    <>
      <UserActionButton action={USER_ACTIONS.revokeTokens} ids={ids} />
      <UserActionButton action={record.banned ? USER_ACTIONS.unban : USER_ACTIONS.ban} ids={ids} />
      {record.locked && <UserActionButton action={USER_ACTIONS.unlock} ids={ids} />}
    </>
  );
};
