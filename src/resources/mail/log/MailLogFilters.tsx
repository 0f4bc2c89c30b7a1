import { useTranslate } from 'react-admin';
import { DayRangeFilter, useDayRangeFilter } from '../../../common/dates/DayRangeFilter';
import { FilterMenuButton } from '../../../common/FilterMenuButton';

const t = (key: string) => `caredesk.mail_log.filter.${key}`;

/**
 * The mail log's Filter button and menu: the requested date range (filter requested {from, to}, local days). Reset
 * clears it and whatever was typed; the state chips and the search stay.
 */
export const MailLogFilters = () => {
  const translate = useTranslate();
  const requested = useDayRangeFilter('requested');
  const reset = () => {
    requested.apply({});
    requested.forgetTyped();
  };
  return (
    <FilterMenuButton count={Number(requested.active)} onReset={reset}>
      <DayRangeFilter
        filter={requested}
        labels={{ from: translate(t('requested_from')), to: translate(t('requested_to')) }}
      />
    </FilterMenuButton>
  );
};
