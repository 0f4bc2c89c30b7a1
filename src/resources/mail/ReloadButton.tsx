import RefreshIcon from '@mui/icons-material/Refresh';
import { useListContext } from 'react-admin';
import { ToolbarButton } from '../../common/ToolbarButton';

/** Reloads the list from the service. */
export const ReloadButton = () => {
  const { refetch, isFetching } = useListContext();
  return (
    <ToolbarButton label="caredesk.mail.list.reload" onClick={() => void refetch()} disabled={isFetching}>
      <RefreshIcon />
    </ToolbarButton>
  );
};
