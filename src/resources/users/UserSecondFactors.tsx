import RestartAltIcon from '@mui/icons-material/RestartAlt';
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
import { dayOf } from '../../common/dates/days';
import { formatSeconds } from '../../common/dates/formatSeconds';
import { IfCan } from '../../common/permissions';
import type { CaredeskDataProvider } from '../../dataProviders';
import { describeError } from '../../dataProviders/problem';
import { USERS_RESOURCE, type UserRecord, type UserSecondFactors as Factors } from '../../dataProviders/users';

const t = (key: string) => `resources.users.second_factor.${key}`;

const FactorList = ({ factors }: { factors: Factors['factors'] }) => {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <Table size="small" aria-label={translate(t('factors'))} sx={{ '& td, & th': { overflowWrap: 'anywhere' } }}>
      <TableHead>
        <TableRow>
          {['kind', 'name', 'last_used'].map((name) => (
            <TableCell key={name}>{translate(t(name))}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {factors.map((factor) => (
          <TableRow key={factor.uid}>
            <TableCell>{translate(t(`kinds.${factor.kind}`))}</TableCell>
            <TableCell>{factor.name}</TableCell>
            <TableCell>
              {factor.last_used === null ? translate(t('never')) : formatSeconds(factor.last_used, locale)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/** Whether the roles require a second factor, and until when it may be missing. */
const Requirement = ({ data }: { data: Factors }) => {
  const translate = useTranslate();
  if (!data.required) return <Typography>{translate(t('not_required'))}</Typography>;
  return (
    <Alert severity={data.factors.length ? 'info' : 'warning'}>
      {translate(t('required'))}
      {data.grace_until !== null &&
        ` ${translate(t('grace_until'), { day: dayOf(new Date(data.grace_until * 1000)) })}`}
    </Alert>
  );
};

/**
 * The user editor's Second factor tab (users:read): whether the roles require one, the user's factors (kind, name, last used)
 * and recovery codes left; for users:manage, "Reset second factors" after a confirmation.
 */
export const UserSecondFactors = () => {
  const translate = useTranslate();
  const record = useRecordContext<UserRecord>();
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const queryClient = useQueryClient();
  const [resetting, setResetting] = useState(false);
  const uid = record?.id;
  const queryKey = [USERS_RESOURCE, 'getSecondFactors', { id: uid }];
  const { data, isPending, error } = useQuery({
    queryKey,
    queryFn: () => dataProvider.getSecondFactors(USERS_RESOURCE, { id: uid! }).then((result) => result.data),
    enabled: uid !== undefined,
    retry: false,
  });

  if (isPending && !error) return <LinearProgress aria-label={translate(t('loading'))} />;
  if (error) return <Alert severity="error">{describeError(error, translate)}</Alert>;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, width: '100%' }}>
      <Requirement data={data} />
      {data.factors.length ? (
        <FactorList factors={data.factors} />
      ) : (
        <Typography color="text.secondary">{translate(t('none'))}</Typography>
      )}
      {data.factors.length > 0 && (
        <Typography>{translate(t('recovery_left'), { smart_count: data.recovery_codes_left })}</Typography>
      )}
      <IfCan permission="users:manage">
        <Box>
          <Button
            color="error"
            variant="outlined"
            startIcon={<RestartAltIcon />}
            onClick={() => setResetting(true)}
            disabled={data.factors.length === 0}
          >
            {translate(t('reset'))}
          </Button>
        </Box>
      </IfCan>
      <ConfirmDialog
        open={resetting}
        onClose={() => setResetting(false)}
        title={t('reset_title')}
        message={t('reset_message')}
        confirmLabel={t('reset')}
        successMessage={t('reset_done')}
        onConfirm={() => dataProvider.resetSecondFactors(USERS_RESOURCE, { id: uid! })}
        onConfirmed={() => void queryClient.invalidateQueries({ queryKey })}
      />
    </Box>
  );
};
