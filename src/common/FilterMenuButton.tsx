import FilterListIcon from '@mui/icons-material/FilterList';
import { Badge, Button, Popover, Stack } from '@mui/material';
import { type ReactNode, useState } from 'react';

export interface FilterMenuButtonProps {
  label: string;
  /** The button's accessible name while filters are active, e.g. 'Filter (2 active)'. */
  activeLabel: string;
  /** How many filters are active; shown as a badge on the button. */
  count: number;
  children: ReactNode;
}

/** A list's Filter button: a badge counts the active filters; a click opens the filter fields in a popover. */
export const FilterMenuButton = ({ label, activeLabel, count, children }: FilterMenuButtonProps) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        size="small"
        startIcon={
          <Badge badgeContent={count} color="primary" invisible={count === 0} data-testid="filter-count">
            <FilterListIcon />
          </Badge>
        }
        aria-label={count > 0 ? activeLabel : label}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        data-active={count > 0 ? 'true' : 'false'}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label}
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
