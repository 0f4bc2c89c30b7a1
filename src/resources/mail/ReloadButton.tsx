import RefreshIcon from '@mui/icons-material/Refresh';
import { Button, useListContext } from 'react-admin';

/** Reloads the list from the service. */
export const ReloadButton = () => {
  const { refetch, isFetching } = useListContext();
  return (
    <Button label="caredesk.mail.list.reload" onClick={() => void refetch()} disabled={isFetching}>
      <RefreshIcon />
    </Button>
  );
};
