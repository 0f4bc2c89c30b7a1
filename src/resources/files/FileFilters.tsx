import { MenuItem, TextField } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { DayRangeFilter, useDayRangeFilter } from '../../common/dates/DayRangeFilter';
import { FilterMenuButton } from '../../common/FilterMenuButton';
import { REFERENCE_KINDS } from './format';

interface FileFilterValues {
  q?: string;
  uploaded?: { from?: string; to?: string };
  reference?: { kind?: string };
}

const t = (key: string) => `caredesk.files.search.${key}`;

/**
 * The Filter button of the file search, its badge counting the active filters, and its menu: the uploaded date range
 * (from/to days; active only when one is set) and the reference kind. Both write react-admin filters: uploaded {from, to}
 * and reference {kind}. Reset clears them, and whatever was typed.
 */
export const FileFilters = () => {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const values = (filterValues ?? {}) as FileFilterValues;
  const uploaded = useDayRangeFilter('uploaded');
  const kind = values.reference?.kind ?? '';
  const count = Number(uploaded.active) + Number(Boolean(kind));

  const setKind = (next: string) => {
    const { reference: _dropped, ...rest } = values;
    setFilters(next ? { ...rest, reference: { kind: next } } : rest, displayedFilters, false);
  };
  const reset = () => {
    const { uploaded: _uploaded, reference: _reference, ...rest } = values;
    setFilters(rest, displayedFilters, false);
    uploaded.forgetTyped();
  };

  return (
    <FilterMenuButton count={count} onReset={reset}>
      <DayRangeFilter
        filter={uploaded}
        labels={{ from: translate(t('uploaded_from')), to: translate(t('uploaded_to')) }}
      />
      <TextField
        select
        size="small"
        label={translate(t('reference_kind'))}
        value={kind}
        onChange={(event) => setKind(event.target.value)}
      >
        <MenuItem value="">{translate(t('any_kind'))}</MenuItem>
        {REFERENCE_KINDS.map((name) => (
          <MenuItem key={name} value={name}>
            {translate(`caredesk.files.reference_kinds.${name}`)}
          </MenuItem>
        ))}
      </TextField>
    </FilterMenuButton>
  );
};
