import { useGetList, useTranslate } from 'react-admin';
import { FigureCard, FigureLink } from '../../../common/figures/FigureCard';
import { useCountFormat } from '../../../common/figures/useStatistics';
import { useCan } from '../../../common/permissions';
import { CARE_REQUEST_RESOURCES } from '../../../dataProviders/careRequests';
import { type QuickView, quickViewFilters, quickViewLink } from '../workflow/quickViews';

const REFRESH_MS = 60_000;

/** How many requests a quick view holds (one row asked for; the total is what counts), read again every minute. */
const useQuickViewCount = (view: QuickView) => {
  const { total, error } = useGetList(
    CARE_REQUEST_RESOURCES.incoming,
    {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'submitted', order: 'DESC' },
      filter: quickViewFilters[view](),
    },
    { refetchInterval: REFRESH_MS },
  );
  return { total, error };
};

const WorkFiguresCard = () => {
  const translate = useTranslate();
  const format = useCountFormat();
  const mine = useQuickViewCount('mine');
  const due = useQuickViewCount('due');
  const unassigned = useQuickViewCount('unassigned_new');
  const value = (total: number | undefined) => (total === undefined ? undefined : format(total));
  const t = (key: string) => translate(`caredesk.care_work.figures.${key}`);
  return (
    <FigureCard title={t('title')} error={mine.error ?? due.error ?? unassigned.error}>
      <FigureLink label={t('mine')} value={value(mine.total)} to={quickViewLink('mine')} />
      <FigureLink label={t('due')} value={value(due.total)} to={quickViewLink('due')} emphasis={(due.total ?? 0) > 0} />
      <FigureLink label={t('unassigned_new')} value={value(unassigned.total)} to={quickViewLink('unassigned_new')} />
    </FigureCard>
  );
};

/** For care:work holders: my open requests, follow-ups due (today and overdue) and unassigned new ones, each a link to that list. */
export const WorkFigures = () => (useCan('care:work') ? <WorkFiguresCard /> : null);
