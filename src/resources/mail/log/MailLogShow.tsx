import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useGetOne, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { DetailList } from '../../../common/DetailList';
import { hasEarlierPanelPage } from '../../../common/history/useLeavePage';
import { MAIL_DETAIL_META, MAIL_RESOURCES } from '../../../dataProviders/mail';
import type { MailDetailRecord } from '../../../dataProviders/mail/logRecords';
import { describeError } from '../../../dataProviders/problem';
import { formatTimestamp, MailTimestamp } from '../MailTimestamp';
import { mailPaths } from '../paths';
import { MailActions } from './MailActions';
import { MailAttempts } from './MailAttempts';
import { MailStateChip } from './MailStateChip';

const t = (key: string) => `caredesk.mail_log.${key}`;

const MailRef = ({ uid }: { uid: string }) => (
  <Link component={RouterLink} to={mailPaths.mail(uid)} sx={{ fontFamily: 'monospace' }}>
    {uid}
  </Link>
);

/** The mail's fields: state, addresses, subject, Message-ID, times, cancellation and resend links. */
const MailFacts = ({ mail }: { mail: MailDetailRecord }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const none = translate(t('detail.none'));
  const list = (addresses: string[]) => (addresses.length ? addresses.join(', ') : none);
  const rows: [string, ReactNode][] = [
    [t('fields.state'), <MailStateChip state={mail.state} />],
    [
      t('fields.reference'),
      <Box component="span" sx={{ fontFamily: 'monospace' }}>
        {mail.reference_uid}
      </Box>,
    ],
    [t('fields.sender'), mail.mail.sender],
    [t('fields.recipients'), list(mail.mail.to)],
    [t('fields.cc'), list(mail.mail.cc)],
    [t('fields.subject'), mail.mail.subject || none],
    [t('fields.message_id'), mail.message_id ?? none],
    [t('fields.requested'), <MailTimestamp value={mail.requested_time} />],
    [t('fields.completed'), mail.completed_time ? <MailTimestamp value={mail.completed_time} /> : none],
    [t('fields.last_error'), mail.last_error ? <span translate="no">{mail.last_error}</span> : none],
  ];
  if (mail.cancelled) {
    rows.push([
      t('fields.cancelled'),
      translate(t('detail.cancelled_value'), {
        time: formatTimestamp(mail.cancelled.time, locale),
        by: mail.cancelled.by,
      }),
    ]);
  }
  if (mail.resent_from) rows.push([t('fields.resent_from'), <MailRef uid={mail.resent_from} />]);
  if (mail.resent_as.length) {
    rows.push([
      t('fields.resent_as'),
      <Stack component="span" spacing={0.5}>
        {mail.resent_as.map((uid) => (
          <MailRef key={uid} uid={uid} />
        ))}
      </Stack>,
    ]);
  }
  return <DetailList rows={rows} />;
};

/**
 * /mailman/log/{reference_uid}/: one mail (GET …/mails/{uid}/) with its body as plain text, every delivery attempt
 * with the SMTP replies per recipient, the resend links both ways, and Resend / Cancel for mail:manage.
 */
const MailLogShow = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { uid = '' } = useParams();
  const { data, isPending, error, refetch } = useGetOne<MailDetailRecord>(
    MAIL_RESOURCES.log,
    { id: uid, meta: MAIL_DETAIL_META },
    { retry: false },
  );
  const back = () => (hasEarlierPanelPage() ? navigate(-1) : navigate(mailPaths.log));
  const status = (error as { status?: number } | null)?.status;
  return (
    <Box sx={{ mt: 2, maxWidth: 1100 }}>
      <Title title={translate(t('detail.title'), { id: data?.mail.subject || uid })} />
      <Stack
        direction="row"
        spacing={2}
        alignItems="center"
        justifyContent="space-between"
        useFlexGap
        flexWrap="wrap"
        sx={{ mb: 2 }}
      >
        <Button startIcon={<ArrowBackIcon />} onClick={back}>
          {translate(t('detail.back'))}
        </Button>
        {data && <MailActions mail={data} onChanged={() => void refetch()} />}
      </Stack>
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
          <Card variant="outlined" data-testid="mail-detail">
            <CardContent>
              <MailFacts mail={data} />
            </CardContent>
          </Card>
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            {translate(t('fields.message'))}
          </Typography>
          {/* the body is shown as text, never as HTML */}
          <Box
            component="pre"
            data-testid="mail-body"
            sx={{
              m: 0,
              p: 2,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              fontFamily: 'monospace',
              fontSize: '0.875rem',
              maxHeight: 480,
              overflow: 'auto',
            }}
          >
            {data.mail.message}
          </Box>
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            {translate(t('detail.attempts'))}
          </Typography>
          <MailAttempts attempts={data.attempts} />
        </>
      )}
    </Box>
  );
};

export default MailLogShow;
