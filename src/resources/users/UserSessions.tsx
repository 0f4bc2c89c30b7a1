import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useLocale, useRecordContext, useTranslate } from 'react-admin';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { formatSeconds } from '../../common/dates/formatSeconds';
import type { CaredeskDataProvider } from '../../dataProviders';
import { describeError } from '../../dataProviders/problem';
import { USERS_RESOURCE, type UserRecord, type UserSession } from '../../dataProviders/users';
import { UserAgentText } from './UserAgentText';

const t = (key: string) => `resources.users.sessions.${key}`;

/**
 * The Sessions tab of the user editor: the user's active sessions (GET .../sessions/: created, last used, client address,
 * browser in words, the whole user agent on hover and focus) and a Revoke button for each, asked before (DELETE .../sessions/{family}/).
 */
export const UserSessions = () => {
  const translate = useTranslate();
  const locale = useLocale();
  const record = useRecordContext<UserRecord>();
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const [revoking, setRevoking] = useState<UserSession | null>(null);
  const queryClient = useQueryClient();
  const uid = record?.id;
  const queryKey = [USERS_RESOURCE, 'getSessions', { id: uid }];
  const { data, isPending, error } = useQuery({
    queryKey,
    queryFn: () => dataProvider.getSessions(USERS_RESOURCE, { id: uid! }).then((result) => result.data),
    enabled: uid !== undefined,
    retry: false,
  });

  if (isPending && !error) return <LinearProgress aria-label={translate(t('loading'))} />;
  if (error) return <Alert severity="error">{describeError(error, translate)}</Alert>;
  if (!data?.length) return <Typography color="text.secondary">{translate(t('empty'))}</Typography>;
  return (
    <>
      <Table size="small" aria-label={translate(t('title'))} data-testid="user-sessions">
        <TableHead>
          <TableRow>
            {['created', 'last_used', 'address', 'user_agent', 'actions'].map((name) => (
              <TableCell key={name}>{translate(t(name))}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((session) => (
            <TableRow key={session.family}>
              <TableCell>{formatSeconds(session.created, locale)}</TableCell>
              <TableCell>{formatSeconds(session.last_used, locale)}</TableCell>
              <TableCell>{session.address ?? '–'}</TableCell>
              <TableCell>
                {session.user_agent ? (
                  <Box sx={{ maxWidth: '16rem' }}>
                    <UserAgentText userAgent={session.user_agent} />
                  </Box>
                ) : (
                  '–'
                )}
              </TableCell>
              <TableCell>
                <Button size="small" color="error" onClick={() => setRevoking(session)}>
                  {translate(t('revoke'))}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t('confirm_title')}
        message={t('confirm_message')}
        confirmLabel={t('revoke')}
        successMessage={t('revoked')}
        onConfirm={() => dataProvider.revokeSession(USERS_RESOURCE, { id: uid!, family: revoking!.family })}
        onConfirmed={() => queryClient.invalidateQueries({ queryKey })}
      />
    </>
  );
};
