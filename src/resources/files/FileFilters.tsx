import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Button, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { DayRangeFields } from '../../common/dates/DayRangeFields';
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
  const [typed, setTyped] = useState(0);
  const values = (filterValues ?? {}) as FileFilterValues;
  const from = values.uploaded?.from ?? '';
  const to = values.uploaded?.to ?? '';
  const kind = values.reference?.kind ?? '';
  const count = Number(Boolean(from || to)) + Number(Boolean(kind));

  const setUploaded = (next: { from?: string; to?: string }) => {
    const range = { ...(next.from && { from: next.from }), ...(next.to && { to: next.to }) };
    const { uploaded: _dropped, ...rest } = values;
    setFilters(Object.keys(range).length ? { ...rest, uploaded: range } : rest, displayedFilters, false);
  };
  const setKind = (next: string) => {
    const { reference: _dropped, ...rest } = values;
    setFilters(next ? { ...rest, reference: { kind: next } } : rest, displayedFilters, false);
  };
  const reset = () => {
    const { uploaded: _uploaded, reference: _reference, ...rest } = values;
    setFilters(rest, displayedFilters, false);
    setTyped((current) => current + 1);
  };

  return (
    <FilterMenuButton label={translate(t('filter'))} activeHint={translate(t('filter_active'), { smart_count: count })} count={count}>
      <DayRangeFields
        key={typed}
        from={from}
        to={to}
        onApply={setUploaded}
        labels={{ from: translate(t('uploaded_from')), to: translate(t('uploaded_to')) }}
        messages={{
          invalid: translate(t('date_invalid')),
          incomplete: translate(t('date_incomplete')),
          after_to: translate(t('date_after_to')),
          before_from: translate(t('date_before_from')),
        }}
      />
      <TextField select size="small" label={translate(t('reference_kind'))} value={kind} onChange={(event) => setKind(event.target.value)}>
        <MenuItem value="">{translate(t('any_kind'))}</MenuItem>
        {REFERENCE_KINDS.map((name) => (
          <MenuItem key={name} value={name}>
            {translate(`caredesk.files.reference_kinds.${name}`)}
          </MenuItem>
        ))}
      </TextField>
      <Button size="small" startIcon={<RestartAltIcon />} onClick={reset}>
        {translate(t('reset_filters'))}
      </Button>
    </FilterMenuButton>
  );
};
