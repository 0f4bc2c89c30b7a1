import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { DayRangeFields } from '../../../common/dates/DayRangeFields';
import { FilterMenuButton } from '../../../common/FilterMenuButton';

const t = (key: string) => `caredesk.mail_log.filter.${key}`;

/**
 * The mail log's Filter button and menu: the requested date range (filter requested {from, to}, local days). Reset
 * clears it and whatever was typed; the state chips and the search stay.
 */
export const MailLogFilters = () => {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const [typed, setTyped] = useState(0);
  const values = (filterValues ?? {}) as { requested?: { from?: string; to?: string } };
  const from = values.requested?.from ?? '';
  const to = values.requested?.to ?? '';
  const count = Number(Boolean(from || to));

  const setRequested = (next: { from?: string; to?: string }) => {
    const range = { ...(next.from && { from: next.from }), ...(next.to && { to: next.to }) };
    const { requested: _dropped, ...rest } = (filterValues ?? {}) as Record<string, unknown>;
    setFilters(Object.keys(range).length ? { ...rest, requested: range } : rest, displayedFilters, false);
  };

  return (
    <FilterMenuButton label={translate(t('button'))} activeHint={translate(t('active'), { smart_count: count })} count={count}>
      <DayRangeFields
        key={typed}
        from={from}
        to={to}
        onApply={setRequested}
        labels={{ from: translate(t('requested_from')), to: translate(t('requested_to')) }}
        messages={{
          invalid: translate(t('date_invalid')),
          incomplete: translate(t('date_incomplete')),
          after_to: translate(t('date_after_to')),
          before_from: translate(t('date_before_from')),
        }}
      />
      <Button
        size="small"
        startIcon={<RestartAltIcon />}
        onClick={() => {
          setRequested({});
          setTyped((current) => current + 1);
        }}
      >
        {translate(t('reset'))}
      </Button>
    </FilterMenuButton>
  );
};
