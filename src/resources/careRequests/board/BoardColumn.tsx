import { useDroppable } from '@dnd-kit/core';
import { Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import type { CareStatus } from '../../../../contracts/care-workflow';
import { CARE_REQUEST_RESOURCES } from '../../../dataProviders/careRequests';
import type { Incoming } from '../../../dataProviders/careRequests/wire';
import { useHoverHold } from '../live/liveHolds';
import { useStatusLabel } from '../workflow/parts';
import type { BoardColumnMeta } from '../workflow/workflowCache';
import { BoardCard } from './BoardCard';

export const COLUMN_PAGE = 50;

interface BoardColumnProps {
  status: CareStatus;
  draggable: boolean;
  onOpen: (uid: string) => void;
}

/**
 * One status: its requests, newest first, the first 50 and then 50 more at a time. Its list is marked as the column's
 * (`meta`), so that a move puts the card into it and out of the others without reading them again.
 */
export const BoardColumn = ({ status, draggable, onOpen }: BoardColumnProps) => {
  const translate = useTranslate();
  const statusLabel = useStatusLabel();
  const [shown, setShown] = useState(COLUMN_PAGE);
  const { setNodeRef, isOver } = useDroppable({ id: status });
  const hover = useHoverHold();
  const { data, total, isPending } = useGetList<Incoming>(CARE_REQUEST_RESOURCES.incoming, {
    pagination: { page: 1, perPage: shown },
    sort: { field: 'submitted', order: 'DESC' },
    filter: { status: [status] },
    meta: { boardColumn: status } satisfies BoardColumnMeta,
  });
  const rows = (data ?? []).filter((row) => row.status === status);
  const headingId = `board-column-${status}`;
  return (
    <Paper
      ref={setNodeRef}
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      data-testid={`board-column-${status}`}
      sx={{ p: 1, minWidth: 0, bgcolor: isOver ? 'action.hover' : 'background.default' }}
    >
      <Typography variant="subtitle1" component="h2" id={headingId}>
        {statusLabel(status)}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          ({translate('caredesk.care_work.board.column_count', { smart_count: total ?? 0 })})
        </Typography>
      </Typography>
      {isPending && <LinearProgress aria-label={statusLabel(status)} />}
      {/* live changes of others wait while the pointer is on the cards: the board does not move under it */}
      <Stack spacing={1} sx={{ mt: 1 }} {...hover}>
        {rows.map((record) => (
          <BoardCard key={record.uid} record={record} onOpen={onOpen} draggable={draggable} />
        ))}
        {!isPending && rows.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {translate('caredesk.care_work.board.empty')}
          </Typography>
        )}
      </Stack>
      {data && total !== undefined && data.length < total && (
        <Box sx={{ mt: 1 }}>
          <Button size="small" onClick={() => setShown((count) => count + COLUMN_PAGE)}>
            {translate('caredesk.care_work.board.more')}
          </Button>
        </Box>
      )}
    </Paper>
  );
};
