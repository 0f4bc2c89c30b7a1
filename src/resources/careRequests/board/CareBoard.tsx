import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { Box, FormControl, FormControlLabel, InputLabel, MenuItem, Select, Stack, Switch } from '@mui/material';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { CARE_STATUSES, type CareStatus, OPEN_CARE_STATUSES } from '../../../../contracts/care-workflow';
import { useCan } from '../../../common/permissions';
import { useIsPhone } from '../../../common/useIsPhone';
import type { Incoming } from '../../../dataProviders/careRequests/wire';
import { IncomingDetailsDialog } from '../incoming/IncomingDetailsDialog';
import { LiveHoldProvider, useLiveHolds } from '../live/liveHolds';
import { NewRequestsNote } from '../live/NewRequestsNote';
import { useLiveCareLists } from '../live/useLiveCareLists';
import { useCareFormat } from '../parts/useCareFormat';
import { ReasonDialog } from '../workflow/ReasonDialog';
import { useStatusLabel } from '../workflow/parts';
import { useOpenedRequest } from '../workflow/workflowCache';
import { BoardColumn } from './BoardColumn';
import { boardAnnouncements, columnCoordinates } from './keyboard';
import { useBoardMove } from './useBoardMove';

/** The phone's one column: which status it shows. */
const StatusSwitcher = ({
  statuses,
  value,
  onChange,
}: {
  statuses: readonly CareStatus[];
  value: CareStatus;
  onChange: (status: CareStatus) => void;
}) => {
  const translate = useTranslate();
  const statusLabel = useStatusLabel();
  return (
    <FormControl size="small" sx={{ minWidth: 200 }}>
      <InputLabel id="board-switcher-label">{translate('caredesk.care_work.board.switcher')}</InputLabel>
      <Select
        labelId="board-switcher-label"
        label={translate('caredesk.care_work.board.switcher')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {statuses.map((status) => (
          <MenuItem key={status} value={status}>
            {statusLabel(status)}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
};

/** The details of the card opened, as the cached columns show it now; a change re-renders this dialog, not the whole board. */
const OpenedDetails = ({ uid, onClose }: { uid: string | null; onClose: () => void }) => (
  <IncomingDetailsDialog record={useOpenedRequest(uid)} onClose={onClose} />
);

/**
 * /archive/care-requests/board/: one column per open status (the closed ones behind a switch), cards moved between them by
 * pointer or keyboard (care:work), live; on a phone one column at a time with a status switcher. A live change of others
 * waits while a card is dragged, a dialog is open or the pointer is on a card.
 */
const CareBoard = () => {
  const translate = useTranslate();
  const format = useCareFormat();
  const statusLabel = useStatusLabel();
  const phone = useIsPhone();
  const canWork = useCan('care:work');
  const [showClosed, setShowClosed] = useState(false);
  const [phoneStatus, setPhoneStatus] = useState<CareStatus>('new');
  const [opened, setOpened] = useState<string | null>(null);
  const holds = useLiveHolds();
  const live = useLiveCareLists(holds);
  const board = useBoardMove();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates }),
  );
  const statuses: readonly CareStatus[] = showClosed ? CARE_STATUSES : OPEN_CARE_STATUSES;
  const shown = phone ? [statuses.includes(phoneStatus) ? phoneStatus : 'new'] : statuses;

  const dropped = ({ active, over }: DragEndEvent) => {
    holds.hold('drag', false);
    const record = active.data.current?.record as Incoming | undefined;
    if (record && over) board.move(record, over.id as CareStatus);
  };
  const accessibility = {
    announcements: boardAnnouncements({
      translate,
      statusLabel: (status) => statusLabel(status as CareStatus),
      received: (record) => format.dateTime(record.submitted),
    }),
    screenReaderInstructions: { draggable: translate('caredesk.care_work.board.instructions') },
  };
  return (
    <LiveHoldProvider holds={holds}>
      <Box sx={{ mt: 2, minWidth: 0 }}>
        <Title title={translate('caredesk.care_work.board.title')} />
        <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" alignItems="center" sx={{ mb: 2 }}>
          {phone && <StatusSwitcher statuses={statuses} value={shown[0]} onChange={setPhoneStatus} />}
          <FormControlLabel
            sx={{ ml: 0 }}
            control={<Switch checked={showClosed} onChange={(event) => setShowClosed(event.target.checked)} />}
            label={translate('caredesk.care_work.board.show_closed')}
          />
        </Stack>
        <NewRequestsNote count={live.newCount} onShow={live.showNew} />
        <DndContext
          sensors={sensors}
          onDragStart={() => holds.hold('drag', true)}
          onDragEnd={dropped}
          onDragCancel={() => holds.hold('drag', false)}
          accessibility={accessibility}
        >
          {/* six columns do not fit beside the drawer: they take rows of their own rather than cut their cards */}
          <Box
            sx={{
              display: 'grid',
              gap: 1,
              alignItems: 'start',
              gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
            }}
          >
            {shown.map((status) => (
              <BoardColumn key={status} status={status} draggable={canWork && !phone} onOpen={setOpened} />
            ))}
          </Box>
        </DndContext>
        <ReasonDialog status={board.asking} onCancel={board.cancelReason} onConfirm={board.confirmReason} />
        <OpenedDetails uid={opened} onClose={() => setOpened(null)} />
      </Box>
    </LiveHoldProvider>
  );
};

export default CareBoard;
