import { Card, CardContent, FormControlLabel, Switch, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useCan } from '../common/permissions';
import type { CaredeskDataProvider } from '../dataProviders';
import { CARE_REQUEST_RESOURCES } from '../dataProviders/careRequests';
import { describeError } from '../dataProviders/problem';

const SETTINGS_KEY = ['security', 'careSettings'];
const t = (key: string) => `caredesk.care_work.settings.${key}`;

const CareMailSwitch = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const heading = useId();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const { data } = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: async () => (await dataProvider.getCareSettings(CARE_REQUEST_RESOURCES.incoming)).data,
  });
  const save = async (assignmentMails: boolean) => {
    if (!data) return;
    try {
      const { data: saved } = await dataProvider.saveCareSettings(CARE_REQUEST_RESOURCES.incoming, {
        data: { ...data, assignment_mails: assignmentMails },
      });
      queryClient.setQueryData(SETTINGS_KEY, saved);
      notify(t('saved'), { type: 'success' });
    } catch (error) {
      notify(describeError(error, translate), { type: 'error' });
    }
  };
  return (
    <Card component="section" aria-labelledby={heading}>
      <CardContent>
        <Typography variant="h6" component="h2" id={heading}>
          {translate(t('title'))}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={data?.assignment_mails ?? false}
              disabled={!data}
              onChange={(event) => void save(event.target.checked)}
            />
          }
          label={translate(t('assignment_mails'))}
        />
      </CardContent>
    </Card>
  );
};

/** The own care setting "mail me when a request is assigned to me", for those who may be assigned one (care:work). */
export const CareMailSetting = () => (useCan('care:work') ? <CareMailSwitch /> : null);
