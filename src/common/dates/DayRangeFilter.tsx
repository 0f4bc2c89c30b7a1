import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { filterObject, filterText, useListFilters } from '../listFilters';
import { DayRangeFields } from './DayRangeFields';

/** A day range as a list filter holds it: local days 'YYYY-MM-DD', either end optional. */
export interface DayRange {
  from?: string;
  to?: string;
}

/**
 * A list filter holding a day range under `source` (e.g. uploaded {from, to}); it is set, and sent, only while from or to is.
 * `forgetTyped` also clears what was typed but not applied (after a reset).
 */
export function useDayRangeFilter(source: string) {
  const filters = useListFilters();
  const [resets, setResets] = useState(0);
  const range = filterObject(filters.values[source]);
  const from = filterText(range.from);
  const to = filterText(range.to);
  const apply = (next: DayRange) => {
    const kept = { ...(next.from && { from: next.from }), ...(next.to && { to: next.to }) };
    filters.set(source, Object.keys(kept).length ? kept : undefined);
  };
  return {
    from,
    to,
    active: Boolean(from || to),
    apply,
    resets,
    forgetTyped: () => setResets((count) => count + 1),
  };
}

export type DayRangeFilterState = ReturnType<typeof useDayRangeFilter>;

/** The from and to fields of a day-range filter, with the shared validation texts. */
export const DayRangeFilter = ({
  filter,
  labels,
}: {
  filter: DayRangeFilterState;
  labels: { from: string; to: string };
}) => {
  const translate = useTranslate();
  const text = (key: string) => translate(`caredesk.filters.${key}`);
  return (
    <DayRangeFields
      key={filter.resets}
      from={filter.from}
      to={filter.to}
      onApply={filter.apply}
      labels={labels}
      messages={{
        invalid: text('date_invalid'),
        incomplete: text('date_incomplete'),
        after_to: text('date_after_to'),
        before_from: text('date_before_from'),
      }}
    />
  );
};
