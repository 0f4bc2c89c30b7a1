import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Title, useGetOne, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { DetailList } from '../../common/DetailList';
import { hasEarlierPanelPage } from '../../common/history/useLeavePage';
import { AUDIT_RESOURCE, type AuditEvent } from '../../dataProviders/audit';
import { describeError } from '../../dataProviders/problem';
import { ActionField, ActorField, OutcomeChip, TargetLabelField, TargetTypeField, TimeField } from './fields';
import { AUDIT_PATH } from './listState';

const t = (key: string) => `caredesk.audit.${key}`;

/** A changed value as text: strings as they are, anything else as JSON. */
const valueText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The changed fields of an event, one row each (field, new value). */
const ChangesTable = ({ changes }: { changes: Record<string, unknown> }) => {
  const translate = useTranslate();
  const entries = Object.entries(changes ?? {});
  if (entries.length === 0) return <Typography color="text.secondary">{translate(t('detail.no_changes'))}</Typography>;
  return (
    <Table size="small" aria-label={translate(t('detail.changes'))}>
      <TableHead>
        <TableRow>
          <TableCell>{translate(t('detail.field'))}</TableCell>
          <TableCell>{translate(t('detail.value'))}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map(([field, value]) => (
          <TableRow key={field}>
            <TableCell component="th" scope="row">
              {field}
            </TableCell>
            <TableCell
              sx={{ overflowWrap: 'anywhere', fontFamily: typeof value === 'string' ? undefined : 'monospace' }}
            >
              {valueText(value)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

const EventDetails = ({ event }: { event: AuditEvent }) => (
  <Card variant="outlined" data-testid="audit-event">
    <CardContent>
      <DetailList
        rows={[
          [t('list.time'), <TimeField event={event} />],
          [t('list.actor'), <ActorField event={event} />],
          [t('detail.address'), event.address ?? '–'],
          [t('list.action'), <ActionField event={event} />],
          [t('detail.action_name'), event.action],
          [t('detail.target_type'), <TargetTypeField event={event} />],
          [t('detail.target_id'), event.target?.id ?? '–'],
          [t('detail.target_label'), <TargetLabelField event={event} />],
          [t('list.outcome'), <OutcomeChip event={event} />],
        ]}
      />
    </CardContent>
  </Card>
);

/** /audit/{id}/: one event (GET /api/audit/events/{id}/) with its changes as a table; Back returns to the list as it was. */
const AuditEventShow = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { data, isPending, error } = useGetOne<AuditEvent>(AUDIT_RESOURCE, { id }, { retry: false });
  const back = () => (hasEarlierPanelPage() ? navigate(-1) : navigate(AUDIT_PATH));
  const status = (error as { status?: number } | null)?.status;
  return (
    <Box sx={{ mt: 2, maxWidth: 960 }}>
      <Title title={translate(t('detail.title'), { id })} />
      <Button startIcon={<ArrowBackIcon />} onClick={back} sx={{ mb: 2 }}>
        {translate(t('detail.back'))}
      </Button>
      {isPending && !error && <LinearProgress />}
      {error && (
        <Alert severity="error">
          {status === 404
            ? translate(t('detail.not_found'))
            : translate(t('detail.load_failed'), { message: describeError(error, translate) })}
        </Alert>
      )}
      {data && (
        <>
          <EventDetails event={data} />
          <Typography variant="h6" sx={{ mt: 3, mb: 1 }}>
            {translate(t('detail.changes'))}
          </Typography>
          <ChangesTable changes={data.changes} />
        </>
      )}
    </Box>
  );
};

export default AuditEventShow;
