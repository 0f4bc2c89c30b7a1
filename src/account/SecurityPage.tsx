import AutorenewIcon from '@mui/icons-material/Autorenew';
import { Alert, Button, Card, CardActions, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { AddFactorButtons } from '../common/secondFactors/AddFactorButtons';
import { RecoveryCodesDialog } from '../common/secondFactors/RecoveryCodesDialog';
import { useOwnFactors } from '../common/secondFactors/useOwnFactors';
import { useServices } from '../common/ServicesContext';
import { readOwnProvider } from '../dataProviders/ownAccount';
import { describeError } from '../dataProviders/problem';
import type { CaredeskIdentity } from '../login/authProvider';
import { CareMailSetting } from './CareMailSetting';
import { FactorTable } from './FactorTable';

const t = (key: string) => `caredesk.security.${key}`;
const FACTORS_KEY = ['security', 'ownFactors'];

/**
 * For a user who signs in at the agency's provider: their second factor is managed there, its MFA counts; Caredesk's own factors
 * stay available, since they are asked after a sign-in there that names none (docs/api.md, Sign-in through the provider).
 */
const ProviderFactors = () => {
  const translate = useTranslate();
  const { httpClient, config } = useServices();
  const { data: provider } = useQuery({
    queryKey: ['security', 'ownProvider'],
    queryFn: () => readOwnProvider(httpClient, config.authUrl),
    retry: false,
  });
  if (!provider) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {translate(t('provider_factors'), { provider })}
    </Alert>
  );
};

/**
 * /security (account menu): for a user linked to the provider, that their second factor is managed there; the own second factors (name, added, last used; Remove), adding an authenticator app or a passkey,
 * and the recovery codes (how many are left; New recovery codes, shown once); for care:work, the assignment-mail setting. Every change asks for a recent sign-in, which
 * the re-authentication dialog answers.
 */
const SecurityPage = () => {
  const translate = useTranslate();
  const factors = useOwnFactors();
  const queryClient = useQueryClient();
  const { identity, refetch } = useGetIdentity();
  const state = (identity as CaredeskIdentity | undefined)?.secondFactor;
  const factorsHeading = useId();
  const codesHeading = useId();
  const [renewing, setRenewing] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { data, isPending, error } = useQuery({ queryKey: FACTORS_KEY, queryFn: factors.list, retry: false });
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: FACTORS_KEY });
    void refetch();
  };

  const list = () => {
    if (error) return <Alert severity="error">{describeError(error, translate)}</Alert>;
    if (isPending) return <LinearProgress aria-label={translate(t('loading'))} />;
    if (data.length === 0) return <Typography color="text.secondary">{translate(t('none'))}</Typography>;
    return <FactorTable factors={data} onRemove={factors.remove} onRemoved={changed} />;
  };

  return (
    <Stack spacing={2} sx={{ mt: 2, maxWidth: 960, minWidth: 0 }}>
      <Title title={t('title')} />
      <Card component="section" aria-labelledby={factorsHeading}>
        <CardContent>
          <Typography id={factorsHeading} variant="h6" component="h2">
            {translate(t('factors_title'))}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate(t('intro'))}
          </Typography>
          <ProviderFactors />
          {state?.required && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate(t('required'))}
            </Alert>
          )}
          {list()}
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2 }}>
          <AddFactorButtons onAdded={changed} />
        </CardActions>
      </Card>
      {!!data?.length && (
        <Card component="section" aria-labelledby={codesHeading}>
          <CardContent>
            <Typography id={codesHeading} variant="h6" component="h2">
              {translate(t('recovery_title'))}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate(t('recovery_intro'))}
            </Typography>
            {state && (
              <Typography sx={{ mt: 1 }}>
                {translate(t('recovery_left'), { smart_count: state.recovery_codes_left })}
              </Typography>
            )}
          </CardContent>
          <CardActions sx={{ px: 2, pb: 2 }}>
            <Button variant="outlined" startIcon={<AutorenewIcon />} onClick={() => setRenewing(true)}>
              {translate(t('new_recovery_codes'))}
            </Button>
          </CardActions>
        </Card>
      )}
      <ConfirmDialog
        open={renewing}
        onClose={() => setRenewing(false)}
        title={t('new_recovery_title')}
        message={t('new_recovery_message')}
        confirmLabel={t('new_recovery_codes')}
        // the codes' own dialog follows; a notification would lie over its buttons on a phone
        onConfirm={async () => setCodes(await factors.newRecoveryCodes())}
        onConfirmed={() => void refetch()}
      />
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
      <CareMailSetting />
    </Stack>
  );
};

export default SecurityPage;
