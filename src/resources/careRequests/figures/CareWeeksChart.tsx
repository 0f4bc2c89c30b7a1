import { BarChart } from '@mui/x-charts/BarChart';
import { useLocaleState, useTranslate } from 'react-admin';
import { TERRITORY_COLORS } from '../../../common/territoryColors';
import type { CareWeek } from '../../../dataProviders/statistics';

/** Monday's date as the panel's language writes it short (23 Nov / 23. Nov.); the wire date is taken as a calendar date. */
function weekLabel(starts: string, locale: string): string {
  const [year, month, day] = starts.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/**
 * The care requests of each week stacked by territory: core, optional, neither, in the colours the care lists' chips use. Loaded on its own (React.lazy) so that
 * the chart library stays out of every other screen's code.
 */
const CareWeeksChart = ({ weeks }: { weeks: readonly CareWeek[] }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const series = [
    {
      label: translate('caredesk.statistics.care.core'),
      data: weeks.map((week) => week.core_territory),
      stack: 'requests',
      color: TERRITORY_COLORS.core,
    },
    {
      label: translate('caredesk.statistics.care.optional'),
      data: weeks.map((week) => week.optional_territory),
      stack: 'requests',
      color: TERRITORY_COLORS.optional,
    },
    {
      label: translate('caredesk.statistics.care.other'),
      data: weeks.map((week) => week.requests - week.core_territory - week.optional_territory),
      stack: 'requests',
      color: TERRITORY_COLORS.other,
    },
  ];
  return (
    <BarChart
      height={260}
      series={series}
      xAxis={[
        {
          scaleType: 'band',
          data: weeks.map((week) => weekLabel(week.starts, locale)),
          label: translate('caredesk.statistics.care.week'),
        },
      ]}
      yAxis={[{ tickMinStep: 1 }]}
      margin={{ left: 0, right: 8 }}
    />
  );
};

export default CareWeeksChart;
