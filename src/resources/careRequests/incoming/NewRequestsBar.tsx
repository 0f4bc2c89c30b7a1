import { Alert, Button } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/** "3 new requests — show" while requests arrived since the list was loaded; show reloads it on its first page. */
export const NewRequestsBar = ({ count, onShow }: { count: number; onShow: () => void }) => {
  const translate = useTranslate();
  const { setPage } = useListContext();
  if (count === 0) return null;
  const show = () => {
    setPage(1);
    onShow();
  };
  return (
    <Alert severity="info" role="status" sx={{ mb: 1, alignItems: 'center' }} data-testid="new-requests">
      {translate('caredesk.care_work.new_requests', { smart_count: count })}
      <Button size="small" onClick={show} sx={{ ml: 0.5 }}>
        {translate('caredesk.care_work.show')}
      </Button>
    </Alert>
  );
};
