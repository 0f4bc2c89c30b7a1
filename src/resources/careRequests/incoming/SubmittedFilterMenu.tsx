import { useTranslate } from 'react-admin';
import { DayRangeFilter, useDayRangeFilter } from '../../../common/dates/DayRangeFilter';
import { FilterMenuButton } from '../../../common/FilterMenuButton';
import { useListFilters } from '../../../common/listFilters';
import { useWorkflowFilters, WorkflowFilterFields } from './WorkflowFilterFields';

const t = (key: string) => `caredesk.care.incoming.${key}`;
const w = (key: string) => `caredesk.care_work.filter.${key}`;

/**
 * The filter menu: submitted from/to (local days; the service gets epoch seconds), status, assignee and follow-up from/to
 * (days as they are). Reset clears them all, and whatever was typed.
 */
export const SubmittedFilterMenu = () => {
  const translate = useTranslate();
  const submitted = useDayRangeFilter('submitted');
  const followUp = useDayRangeFilter('follow_up');
  const workflow = useWorkflowFilters();
  const filters = useListFilters();
  const reset = () => {
    const search = filters.values.q;
    filters.replace(search ? { q: search } : {});
    submitted.forgetTyped();
    followUp.forgetTyped();
  };
  const count = [submitted.active, followUp.active, workflow.status.active, workflow.assignee.active].filter(
    Boolean,
  ).length;
  return (
    <FilterMenuButton count={count} onReset={reset}>
      <DayRangeFilter
        filter={submitted}
        labels={{
          from: `${translate(t('filter_submitted'))} ${translate(t('from'))}`,
          to: `${translate(t('filter_submitted'))} ${translate(t('to'))}`,
        }}
      />
      <WorkflowFilterFields filters={workflow} />
      <DayRangeFilter
        filter={followUp}
        labels={{
          from: `${translate(w('follow_up'))} ${translate(w('from'))}`,
          to: `${translate(w('follow_up'))} ${translate(w('to'))}`,
        }}
      />
    </FilterMenuButton>
  );
};
