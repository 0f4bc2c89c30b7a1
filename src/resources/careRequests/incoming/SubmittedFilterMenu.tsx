import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { DayRangeFields } from '../../../common/dates/DayRangeFields';
import { FilterMenuButton } from '../../../common/FilterMenuButton';

const t = (key: string) => `caredesk.care.incoming.${key}`;

/**
 * The filter menu: submitted from/to (local days; the service gets epoch seconds). The filter is active, and sent,
 * only when from or to is set; Reset clears both, and whatever was typed.
 */
export const SubmittedFilterMenu = () => {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const [typed, setTyped] = useState(0);
  const range = (filterValues?.submitted ?? {}) as { from?: string; to?: string };
  const from = range.from ?? '';
  const to = range.to ?? '';
  const active = Boolean(from || to);

  const setRange = (next: { from?: string; to?: string }) => {
    const cleaned = { ...(next.from && { from: next.from }), ...(next.to && { to: next.to }) };
    const { submitted: _dropped, ...rest } = filterValues ?? {};
    setFilters(Object.keys(cleaned).length ? { ...rest, submitted: cleaned } : rest, displayedFilters, false);
  };

  return (
    <FilterMenuButton label={translate(t('filter'))} activeHint={translate(t('filter_active'), { smart_count: active ? 1 : 0 })} count={active ? 1 : 0}>
      <DayRangeFields
        key={typed}
        from={from}
        to={to}
        onApply={setRange}
        labels={{
          from: `${translate(t('filter_submitted'))} ${translate(t('from'))}`,
          to: `${translate(t('filter_submitted'))} ${translate(t('to'))}`,
        }}
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
          setRange({});
          setTyped((count) => count + 1);
        }}
      >
        {translate(t('reset'))}
      </Button>
    </FilterMenuButton>
  );
};
