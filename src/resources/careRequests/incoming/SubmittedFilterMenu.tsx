import FilterListIcon from '@mui/icons-material/FilterList';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Badge, Button, Popover, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';

/**
 * The filter menu: submitted from/to (local days; the service gets epoch seconds). The filter is active, and sent,
 * only when from or to is set; Reset clears both.
 */
export const SubmittedFilterMenu = () => {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
    <>
      <Button
        size="small"
        color={active ? 'secondary' : 'primary'}
        startIcon={
          <Badge variant="dot" color="secondary" invisible={!active}>
            <FilterListIcon />
          </Badge>
        }
        onClick={(event) => setAnchor(event.currentTarget)}
        data-active={active ? 'true' : 'false'}
      >
        {translate('caredesk.care.incoming.filter')}
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Stack spacing={2} sx={{ p: 2, minWidth: 260 }}>
          <TextField
            type="date"
            size="small"
            label={`${translate('caredesk.care.incoming.filter_submitted')} ${translate('caredesk.care.incoming.from')}`}
            value={from}
            onChange={(event) => setRange({ from: event.target.value, to })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || undefined } }}
          />
          <TextField
            type="date"
            size="small"
            label={`${translate('caredesk.care.incoming.filter_submitted')} ${translate('caredesk.care.incoming.to')}`}
            value={to}
            onChange={(event) => setRange({ from, to: event.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
          />
          <Button size="small" startIcon={<RestartAltIcon />} disabled={!active} onClick={() => setRange({})}>
            {translate('caredesk.care.incoming.reset')}
          </Button>
        </Stack>
      </Popover>
    </>
  );
};
