import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { FigureCard } from '../../../common/figures/FigureCard';
import { useCountFormat, useStatistics } from '../../../common/figures/useStatistics';
import { carePaths } from '../parts/paths';
import { WorkFigures } from './WorkFigures';

const CareWeeksChart = lazy(() => import('./CareWeeksChart'));

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Care requests per week of the last 12 weeks as a chart, with the territory shares in words and a link to the list. */
const CareWeeks = () => {
  const translate = useTranslate();
  const format = useCountFormat();
  const { allowed, data, error } = useStatistics('care');
  if (!allowed) return null;
  const weeks = data?.weeks ?? [];
  const totals = {
    total: format(sum(weeks.map((week) => week.requests))),
    core: format(sum(weeks.map((week) => week.core_territory))),
    optional: format(sum(weeks.map((week) => week.optional_territory))),
  };
  const loading = (
    <Box sx={{ height: 260, display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label={translate('caredesk.statistics.care.loading_chart')} />
    </Box>
  );
  return (
    <FigureCard title={translate('caredesk.statistics.care.title')} error={error}>
      {data && (
        <>
          <Typography variant="body2" color="text.secondary">
            {translate('caredesk.statistics.care.period', { zone: data.time_zone })}
          </Typography>
          <Suspense fallback={loading}>
            <CareWeeksChart weeks={weeks} />
          </Suspense>
          <Typography variant="body1" data-testid="care-summary">
            {translate('caredesk.statistics.care.summary', totals)}
          </Typography>
        </>
      )}
      <Box>
        <Button component={RouterLink} to={carePaths.incoming} variant="outlined" size="small">
          {translate('caredesk.statistics.care.open_list')}
        </Button>
      </Box>
    </FigureCard>
  );
};

/** The care area's cards: the own work (care:work) above the weeks' chart. */
const CareFigures = () => (
  <Stack spacing={2}>
    <WorkFigures />
    <CareWeeks />
  </Stack>
);

export default CareFigures;
