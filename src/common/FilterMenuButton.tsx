import FilterListIcon from '@mui/icons-material/FilterList';
import { Badge, Box, Button, Popover, Stack } from '@mui/material';
import { type ReactNode, useState } from 'react';

/** Read by assistive technology, not shown. */
const HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

interface FilterMenuButtonProps {
  label: string;
  /** What assistive technology hears after the label while filters are active, e.g. '(2 active)'. */
  activeHint: string;
  /** How many filters are active; shown as a badge on the button. */
  count: number;
  children: ReactNode;
}

/**
 * A list's Filter button: a badge counts the active filters; a click opens the filter fields in a popover. Its accessible
 * name is its content ("Filter", or "Filter (2 active)" through hidden text), so it always contains the visible label.
 */
export const FilterMenuButton = ({ label, activeHint, count, children }: FilterMenuButtonProps) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        size="small"
        startIcon={
          <Badge badgeContent={count} color="primary" invisible={count === 0} aria-hidden data-testid="filter-count">
            <FilterListIcon />
          </Badge>
        }
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        data-active={count > 0 ? 'true' : 'false'}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label}
        {count > 0 && <Box component="span" sx={HIDDEN}>{` ${activeHint}`}</Box>}
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': label } as object }}
      >
        <Stack spacing={2} sx={{ p: 2, width: 300 }}>
          {children}
        </Stack>
      </Popover>
    </>
  );
};
