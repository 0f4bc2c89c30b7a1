import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DayRangeFilter, useDayRangeFilter } from '../../common/dates/DayRangeFilter';
import { FilterMenuButton } from '../../common/FilterMenuButton';
import { filterObject, filterText, useListFilters } from '../../common/listFilters';
import { REFERENCE_KINDS } from './format';

const t = (key: string) => `caredesk.files.search.${key}`;

/**
 * The Filter button of the file search, its badge counting the active filters, and its menu: the uploaded date range
 * (from/to days; active only when one is set) and the reference kind. Both write react-admin filters: uploaded {from, to}
 * and reference {kind}. Reset clears them, and whatever was typed.
 */
export const FileFilters = () => {
  const translate = useTranslate();
  const filters = useListFilters();
  const uploaded = useDayRangeFilter('uploaded');
  const kind = filterText(filterObject(filters.values.reference).kind);
  const count = Number(uploaded.active) + Number(Boolean(kind));

  const setKind = (next: string) => filters.set('reference', next ? { kind: next } : undefined);
  const reset = () => {
    const { uploaded: _uploaded, reference: _reference, ...rest } = filters.values;
    filters.replace(rest);
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
