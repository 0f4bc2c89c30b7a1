import { useDraggable } from '@dnd-kit/core';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { Box, Button, Card, IconButton, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Incoming } from '../../../dataProviders/careRequests/wire';
import { TerritoryChip, territoryOf } from '../parts/TerritoryChip';
import { useCareFormat } from '../parts/useCareFormat';
import { AssigneeText, FollowUpText } from '../workflow/parts';

const careLevels = (record: Incoming) =>
  record.patients.map((patient) => patient.care_level).filter((level): level is number => level !== null);

/**
 * A request on the board: received date, partial zip code and territory, patients and care levels, assignee and follow-up.
 * Its handle is the drag source (pointer or keyboard); the date opens the request. Neither holds the other.
 */
export const BoardCard = ({
  record,
  onOpen,
  draggable,
}: {
  record: Incoming;
  onOpen: (uid: string) => void;
  draggable: boolean;
}) => {
  const translate = useTranslate();
  const format = useCareFormat();
  const received = format.dateTime(record.submitted);
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: record.uid,
    data: { record },
    disabled: !draggable,
  });
  const levels = careLevels(record);
  const territory = {
    core_territory: record.core_territory,
    optional_territory: record.optional_territory,
    partialZipCode: record.partial_mission_zip_code,
  };
  // Outside the territories the chip itself shows the zip code.
  const zipBesideChip = !!record.partial_mission_zip_code && territoryOf(territory).kind !== 'zip';
  const style = transform
    ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)`, zIndex: 10, position: 'relative' as const }
    : undefined;
  return (
    <Card
      ref={setNodeRef}
      variant="outlined"
      sx={{ p: 1, opacity: isDragging ? 0.8 : 1 }}
      style={style}
      data-testid="board-card"
      data-uid={record.uid}
    >
      <Stack direction="row" alignItems="flex-start" spacing={0.5}>
        {draggable && (
          <IconButton
            size="small"
            {...attributes}
            {...listeners}
            aria-label={translate('caredesk.care_work.board.move_handle', { date: received })}
            sx={{ cursor: 'grab', touchAction: 'none' }}
          >
            <DragIndicatorIcon fontSize="small" />
          </IconButton>
        )}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Button
            size="small"
            onClick={() => onOpen(record.uid)}
            aria-label={translate('caredesk.care_work.board.open', { date: received })}
            sx={{ p: 0, minWidth: 0, textAlign: 'left' }}
          >
            {translate('caredesk.care_work.board.received', { date: received })}
          </Button>
          <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap" alignItems="center" sx={{ my: 0.5 }}>
            {zipBesideChip && <Typography variant="body2">{record.partial_mission_zip_code}</Typography>}
            <TerritoryChip {...territory} />
          </Stack>
          <Typography variant="body2">
            {translate('caredesk.care_work.board.patients', { smart_count: record.numberOfPatients })}
            {levels.length > 0 &&
              ` · ${translate('caredesk.care_work.board.care_levels', { levels: levels.join(', '), smart_count: levels.length })}`}
          </Typography>
          <Typography variant="body2">
            <AssigneeText assignee={record.assignee} />
            {record.follow_up && (
              <>
                {' · '}
                <FollowUpText followUp={record.follow_up} />
              </>
            )}
          </Typography>
        </Box>
      </Stack>
    </Card>
  );
};
