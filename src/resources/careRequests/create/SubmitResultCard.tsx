import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EditNoteIcon from '@mui/icons-material/EditNote';
import ErrorIcon from '@mui/icons-material/Error';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Button, Card, CardActions, CardContent, CardHeader, Collapse, Typography } from '@mui/material';
import { green, red } from '@mui/material/colors';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { SubmitResult } from '../../../dataProviders/careRequests/intake';
import { refusedFieldOf, type RefusedField } from './refusedFields';

type Failure = Extract<SubmitResult, { ok: false }>;
const text = (name: string) => `caredesk.care.create.${name}`;

/** The failure in one translated sentence; a refusal of fields is followed by their list. */
function failureSentence(result: Failure, translate: ReturnType<typeof useTranslate>): string {
  switch (result.kind) {
    case 'invalid':
      return translate(text('failed_fields'));
    case 'rate_limited':
      return result.retryAfterSeconds === null
        ? translate(text('failed_rate_limited_later'))
        : translate(text('failed_rate_limited'), { smart_count: result.retryAfterSeconds });
    case 'too_large':
      return translate(text('failed_too_large'));
    case 'network':
      return translate(text('failed_network'));
    case 'refused':
      return translate(text('failed_refused'), { status: result.status });
    default:
      return translate(text('failed_server'), { status: result.status });
  }
}

const RefusedFieldList = ({ fields }: { fields: RefusedField[] }) => {
  const translate = useTranslate();
  return (
    <Box component="ul" sx={{ mt: 1, mb: 0, pl: 3 }} data-testid="care-request-refused-fields">
      {fields.map((field, index) => (
        <Typography component="li" key={index} color="error">
          <strong>{translate(field.label, { _: field.label })}</strong>
          {field.patient !== null && ` (${translate('caredesk.care.common.patient_n', { n: field.patient + 1 })})`}
          {`: ${translate(field.reason.message, { _: field.reason.message, ...field.reason.args })}`}
        </Typography>
      ))}
    </Box>
  );
};

/** The technical answer behind a toggle: the status line (or network error) and the raw response body. */
const FailureDetails = ({ result }: { result: Failure }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Box sx={{ mt: 2 }}>
      <Button
        size="small"
        onClick={() => setOpen((previous) => !previous)}
        aria-expanded={open}
        aria-controls={id}
        endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      >
        {translate(text(open ? 'hide_details' : 'show_details'))}
      </Button>
      <Collapse in={open} unmountOnExit>
        <Box id={id}>
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="care-request-error">
            {result.error}
          </Typography>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            {translate(text('response_body'))}
          </Typography>
          <Box
            component="pre"
            data-testid="care-request-response"
            sx={{
              bgcolor: 'action.hover',
              p: 1,
              borderRadius: 1,
              overflow: 'auto',
              maxHeight: 320,
              fontSize: 13,
              whiteSpace: 'pre-wrap',
            }}
          >
            {result.body || translate(text('no_response_body'))}
          </Box>
        </Box>
      </Collapse>
    </Box>
  );
};

/**
 * The Success card, or the Failed card: what went wrong in the panel's language (refused fields by their label), the
 * raw answer behind "Show details", and "Back to the request" with every value kept. "Submit new request" starts over.
 */
export const SubmitResultCard = ({
  result,
  onReset,
  onBackToRequest,
}: {
  result: SubmitResult;
  onReset: () => void;
  onBackToRequest: () => void;
}) => {
  const translate = useTranslate();
  const card = useRef<HTMLDivElement>(null);
  // the Submit button that had the focus is gone: the card takes it, so that it is read out and Tab reaches its actions
  useEffect(() => card.current?.focus(), []);
  return (
    <Card
      ref={card}
      tabIndex={-1}
      variant="outlined"
      sx={{ maxWidth: 720, outline: 'none' }}
      data-testid={result.ok ? 'care-request-success' : 'care-request-failed'}
    >
      <CardHeader
        avatar={result.ok ? <CheckCircleIcon sx={{ color: green[600] }} /> : <ErrorIcon sx={{ color: red[600] }} />}
        title={translate(result.ok ? text('success_title') : text('failed_title'))}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent>
        {result.ok ? (
          <Typography>{translate(text('success'))}</Typography>
        ) : (
          <>
            <Typography>{translate(text('failed'))}</Typography>
            <Typography sx={{ mt: 1 }} data-testid="care-request-failure">
              {failureSentence(result, translate)}
            </Typography>
            {result.kind === 'invalid' && <RefusedFieldList fields={result.fieldErrors.map(refusedFieldOf)} />}
            <FailureDetails result={result} />
          </>
        )}
      </CardContent>
      <CardActions>
        {!result.ok && (
          <Button variant="contained" startIcon={<EditNoteIcon />} onClick={onBackToRequest}>
            {translate(text('back_to_request'))}
          </Button>
        )}
        <Button variant={result.ok ? 'contained' : 'outlined'} startIcon={<ReplayIcon />} onClick={onReset}>
          {translate(text('submit_new'))}
        </Button>
      </CardActions>
    </Card>
  );
};
