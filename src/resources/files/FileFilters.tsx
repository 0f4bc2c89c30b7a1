import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { REFERENCE_KINDS } from './format';

interface FileFilterValues {
  q?: string;
  uploaded?: { from?: string; to?: string };
  reference?: { kind?: string };
}

/**
 * The uploaded date filter (from/to days; active only when one is set; reset clears both) and the reference-kind filter.
 * Both write react-admin filters: uploaded {from, to} and reference {kind}.
 */
export const FileFilters = () => {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const values = (filterValues ?? {}) as FileFilterValues;
  const from = values.uploaded?.from ?? '';
  const to = values.uploaded?.to ?? '';
  const kind = values.reference?.kind ?? '';

  const setUploaded = (next: { from?: string; to?: string }) => {
    const range = { ...(next.from && { from: next.from }), ...(next.to && { to: next.to }) };
    const { uploaded: _dropped, ...rest } = values;
    setFilters(Object.keys(range).length ? { ...rest, uploaded: range } : rest, displayedFilters, false);
  };
  const setKind = (next: string) => {
    const { reference: _dropped, ...rest } = values;
    setFilters(next ? { ...rest, reference: { kind: next } } : rest, displayedFilters, false);
  };

  return (
    <Stack direction="row" spacing={2} alignItems="center" useFlexGap flexWrap="wrap" sx={{ px: 2, py: 1 }}>
      <TextField
        type="date"
        size="small"
        label={translate('caredesk.files.search.uploaded_from')}
        value={from}
        onChange={(event) => setUploaded({ from: event.target.value, to })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || undefined } }}
      />
      <TextField
        type="date"
        size="small"
        label={translate('caredesk.files.search.uploaded_to')}
        value={to}
        onChange={(event) => setUploaded({ from, to: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
      />
      <Button size="small" startIcon={<RestartAltIcon />} disabled={!from && !to} onClick={() => setUploaded({})}>
        {translate('caredesk.files.search.reset_dates')}
      </Button>
      <TextField
        select
        size="small"
        sx={{ minWidth: 200 }}
        label={translate('caredesk.files.search.reference_kind')}
        value={kind}
        onChange={(event) => setKind(event.target.value)}
      >
        <MenuItem value="">{translate('caredesk.files.search.any_kind')}</MenuItem>
        {REFERENCE_KINDS.map((name) => (
          <MenuItem key={name} value={name}>
            {translate(`caredesk.files.reference_kinds.${name}`)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
};
