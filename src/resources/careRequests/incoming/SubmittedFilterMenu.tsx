import { useTranslate } from 'react-admin';
import { DayRangeFilter, useDayRangeFilter } from '../../../common/dates/DayRangeFilter';
import { FilterMenuButton } from '../../../common/FilterMenuButton';

const t = (key: string) => `caredesk.care.incoming.${key}`;

/** The filter menu: submitted from/to (local days; the service gets epoch seconds). Reset clears both, and whatever was typed. */
export const SubmittedFilterMenu = () => {
  const translate = useTranslate();
  const submitted = useDayRangeFilter('submitted');
  const reset = () => {
    submitted.apply({});
    submitted.forgetTyped();
  };
  return (
    <FilterMenuButton count={Number(submitted.active)} onReset={reset}>
      <DayRangeFilter
        filter={submitted}
        labels={{
          from: `${translate(t('filter_submitted'))} ${translate(t('from'))}`,
          to: `${translate(t('filter_submitted'))} ${translate(t('to'))}`,
        }}
      />
    </FilterMenuButton>
  );
};
