import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useListFilters } from './listFilters';

/** True when a filter value is set: a non-empty text, or an object (a date range) with one. */
function hasActiveFilter(filterValues: Record<string, unknown> | undefined): boolean {
  return Object.values(filterValues ?? {}).some((value) =>
    value !== null && typeof value === 'object'
      ? hasActiveFilter(value as Record<string, unknown>)
      : value !== undefined && value !== '',
  );
}

interface ListEmptyProps {
  /** Translation key of what the empty screen says in its own words ("The queue is empty."). */
  message: string;
  /** The screen's action for a start (Add, Upload), offered only while no search or filter hides the rows. */
  action?: ReactNode;
}

/** A list without rows: the screen's own words, or, with a search or filter set, that nothing matches it. */
export const ListEmpty = ({ message, action }: ListEmptyProps) => {
  const translate = useTranslate();
  const filtered = hasActiveFilter(useListFilters().values);
  return (
    <Box sx={{ py: 4, px: 2, textAlign: 'center' }} data-testid="list-empty">
      <Typography color="text.secondary">{translate(filtered ? 'caredesk.list.no_match' : message)}</Typography>
      {!filtered && action && <Box sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}>{action}</Box>}
    </Box>
  );
};
