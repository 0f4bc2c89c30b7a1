import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Button, Card, CardActions, CardContent, CardHeader, Typography } from '@mui/material';
import { green, red } from '@mui/material/colors';
import { useTranslate } from 'react-admin';
import type { SubmitResult } from '../../../dataProviders/intake';

/** The Success card or the Failed card (the error and the response body); "Submit new request" starts over at step 1. */
export const SubmitResultCard = ({ result, onReset }: { result: SubmitResult; onReset: () => void }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ maxWidth: 720 }} data-testid={result.ok ? 'care-request-success' : 'care-request-failed'}>
      <CardHeader
        avatar={result.ok ? <CheckCircleIcon sx={{ color: green[600] }} /> : <ErrorIcon sx={{ color: red[600] }} />}
        title={translate(result.ok ? 'caredesk.care.create.success_title' : 'caredesk.care.create.failed_title')}
        slotProps={{ title: { variant: 'h6' } }}
      />
      <CardContent>
        {result.ok ? (
          <Typography>{translate('caredesk.care.create.success')}</Typography>
        ) : (
          <>
            <Typography>{translate('caredesk.care.create.failed')}</Typography>
            <Typography color="error" sx={{ mt: 1 }} data-testid="care-request-error">
              {result.error}
            </Typography>
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              {translate('caredesk.care.create.response_body')}
            </Typography>
            <Box
              component="pre"
              data-testid="care-request-response"
              sx={{ bgcolor: 'action.hover', p: 1, borderRadius: 1, overflow: 'auto', maxHeight: 320, fontSize: 13, whiteSpace: 'pre-wrap' }}
            >
              {result.body || translate('caredesk.care.create.no_response_body')}
            </Box>
          </>
        )}
      </CardContent>
      <CardActions>
        <Button variant="contained" startIcon={<ReplayIcon />} onClick={onReset}>
          {translate('caredesk.care.create.submit_new')}
        </Button>
      </CardActions>
    </Card>
  );
};
