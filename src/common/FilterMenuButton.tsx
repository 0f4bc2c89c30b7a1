import FilterListIcon from '@mui/icons-material/FilterList';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Badge, Box, Button, Popover, Stack } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';
import { visuallyHidden } from './visuallyHidden';

interface FilterMenuButtonProps {
  /** How many filters are active; shown as a badge on the button. */
  count: number;
  /** Clears the menu's filters (the Reset filters button below the fields). */
  onReset: () => void;
  children: ReactNode;
}

/**
 * A list's Filter button: a badge counts the active filters; a click opens the filter fields in a popover, with Reset filters
 * below them. Its accessible name is its content ("Filter", or "Filter (2 active)" through hidden text), so it always contains
 * the visible label.
 */
export const FilterMenuButton = ({ count, onReset, children }: FilterMenuButtonProps) => {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = translate('caredesk.filters.button');
  const activeHint = translate('caredesk.filters.active', { smart_count: count });
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
        {count > 0 && <Box component="span" sx={visuallyHidden}>{` ${activeHint}`}</Box>}
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
          <Button size="small" startIcon={<RestartAltIcon />} onClick={onReset}>
            {translate('caredesk.filters.reset')}
          </Button>
        </Stack>
      </Popover>
    </>
  );
};
