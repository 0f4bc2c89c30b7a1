import {
  Box,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  type Theme,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AttemptRecipient, MailAttempt } from '../../../dataProviders/mail/logWire';
import { MailTimestamp } from '../MailTimestamp';

const t = (key: string) => `caredesk.mail_log.detail.${key}`;

const OUTCOME_COLORS = { delivered: 'success', retrying: 'warning', failed: 'error' } as const;

/** The provider's reply line; its code in front when the line does not start with it; '' without either. */
function replyOf({ reply_code: code, reply_text: text }: MailAttempt): string {
  if (!text) return code === null || code === undefined ? '' : String(code);
  return code !== null && code !== undefined && !text.startsWith(String(code)) ? `${code} ${text}` : text;
}

/** Each recipient of an attempt: accepted or refused, with the provider's reply to it (the provider's words: translate="no"). */
const AttemptRecipients = ({ recipients }: { recipients: AttemptRecipient[] }) => {
  const translate = useTranslate();
  if (recipients.length === 0) return <>{translate(t('none'))}</>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
      {recipients.map((recipient) => (
        <Box component="li" key={recipient.address} sx={{ mb: 0.5 }}>
          <Stack direction="row" spacing={1} alignItems="baseline" useFlexGap flexWrap="wrap">
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {recipient.address}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              color={recipient.accepted ? 'success' : 'error'}
              label={translate(t(recipient.accepted ? 'accepted' : 'refused'))}
            />
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ overflowWrap: 'anywhere' }}
              translate={recipient.reply ? 'no' : undefined}
            >
              {recipient.reply || translate(t('no_reply'))}
            </Typography>
          </Stack>
        </Box>
      ))}
    </Box>
  );
};

/**
 * On a phone each attempt is a block of its cells, each named by its column (the header row is hidden): the six columns
 * do not fit beside each other.
 */
const STACKED_ON_PHONES = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& thead': { display: 'none' },
    '& tbody, & tr, & td, & th': { display: 'block', width: 'auto' },
    '& tr': { borderBottom: 1, borderColor: 'divider', py: 1 },
    '& td': { border: 0, py: 0.5, whiteSpace: 'normal' },
    '& td[data-label]::before': {
      content: 'attr(data-label)',
      display: 'block',
      color: 'text.secondary',
      fontSize: '0.75rem',
    },
  },
});

/** Every delivery attempt of a mail, oldest first: time, provider, outcome, the SMTP reply and each recipient's fate. */
export const MailAttempts = ({ attempts }: { attempts: MailAttempt[] }) => {
  const translate = useTranslate();
  if (attempts.length === 0) return <Typography color="text.secondary">{translate(t('no_attempts'))}</Typography>;
  const label = (key: string) => ({ 'data-label': translate(t(key)) });
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate(t('attempts'))} sx={STACKED_ON_PHONES}>
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>{translate(t('time'))}</TableCell>
            <TableCell>{translate(t('provider'))}</TableCell>
            <TableCell>{translate(t('outcome'))}</TableCell>
            <TableCell>{translate(t('reply'))}</TableCell>
            <TableCell>{translate(t('recipients'))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {attempts.map((attempt, index) => (
            <TableRow key={`${attempt.time}-${index}`} data-testid="mail-attempt" sx={{ verticalAlign: 'top' }}>
              <TableCell component="th" scope="row" aria-label={translate(t('attempt_number'), { number: index + 1 })}>
                {index + 1}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }} {...label('time')}>
                <MailTimestamp value={attempt.time} />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }} {...label('provider')}>
                {attempt.provider ? `${attempt.provider.name} (${attempt.provider.host})` : translate(t('no_provider'))}
              </TableCell>
              <TableCell {...label('outcome')}>
                <Chip
                  size="small"
                  variant="outlined"
                  color={OUTCOME_COLORS[attempt.outcome] ?? 'default'}
                  label={translate(t(`outcomes.${attempt.outcome}`), { _: attempt.outcome })}
                />
              </TableCell>
              <TableCell
                sx={{ overflowWrap: 'anywhere' }}
                {...label('reply')}
                translate={replyOf(attempt) ? 'no' : undefined}
              >
                {replyOf(attempt) || translate(t('none'))}
              </TableCell>
              <TableCell {...label('recipients')}>
                <AttemptRecipients recipients={attempt.recipients ?? []} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};
