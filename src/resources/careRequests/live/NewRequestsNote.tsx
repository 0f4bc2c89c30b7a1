import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';

/** "3 new requests — show" while requests arrived since the list or board was loaded; show reloads it. */
export const NewRequestsNote = ({ count, onShow }: { count: number; onShow: () => void }) => {
  const translate = useTranslate();
  if (count === 0) return null;
  return (
    <Alert severity="info" role="status" sx={{ mb: 1, alignItems: 'center' }} data-testid="new-requests">
      {translate('caredesk.care_work.new_requests', { smart_count: count })}{' '}
      <Button size="small" onClick={() => void onShow()} sx={{ ml: 0.5 }}>
        {translate('caredesk.care_work.show')}
      </Button>
    </Alert>
  );
};
