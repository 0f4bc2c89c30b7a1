import FemaleIcon from '@mui/icons-material/Female';
import GroupsIcon from '@mui/icons-material/Groups';
import MaleIcon from '@mui/icons-material/Male';
import PersonIcon from '@mui/icons-material/Person';
import { IconButton, Popover, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { DetailRows } from '../parts/DetailRows';
import { useCareFormat } from '../parts/useCareFormat';
import type { Incoming, IncomingPatient } from '../../../dataProviders/careRequests/wire';

const GenderIcon = ({ gender }: { gender: IncomingPatient['gender'] }) =>
  gender === 'male' ? (
    <MaleIcon fontSize="small" />
  ) : gender === 'female' ? (
    <FemaleIcon fontSize="small" />
  ) : (
    <PersonIcon fontSize="small" />
  );

/** The number of patients, one icon per patient by gender (a click shows mobility and care level) and the other-persons icon. */
export const PatientIcons = ({ record }: { record: Incoming }) => {
  const format = useCareFormat();
  const { translate } = format;
  const [open, setOpen] = useState<{ anchor: HTMLElement; index: number } | null>(null);
  const patient = open ? record.patients[open.index] : undefined;
  return (
    <Stack direction="row" alignItems="center" spacing={0.25}>
      <Typography variant="body2" sx={{ mr: 0.5 }}>
        {record.numberOfPatients}
      </Typography>
      {record.patients.map((entry, index) => (
        <IconButton
          key={index}
          size="small"
          // 24 px, the smallest target WCAG asks for: the icons leave the list's free-text columns more room
          sx={{ p: '2px' }}
          data-gender={entry.gender ?? 'unknown'}
          aria-label={`${translate('caredesk.care.common.patient_n', { n: index + 1 })}: ${format.enumLabel('gender', entry.gender)}`}
          onClick={(event) => {
            event.stopPropagation();
            setOpen({ anchor: event.currentTarget, index });
          }}
        >
          <GenderIcon gender={entry.gender} />
        </IconButton>
      ))}
      {record.other_persons_present && (
        <Tooltip title={translate('caredesk.care.incoming.other_persons_present')}>
          <GroupsIcon
            fontSize="small"
            color="action"
            aria-label={translate('caredesk.care.incoming.other_persons_present')}
            data-testid="other-persons"
          />
        </Tooltip>
      )}
      <Popover
        open={open !== null}
        anchorEl={open?.anchor}
        onClose={() => setOpen(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        {patient && open && (
          <Stack
            sx={{ p: 2, minWidth: 260 }}
            role="dialog"
            aria-label={translate('caredesk.care.incoming.patient_details')}
          >
            <DetailRows
              title={translate('caredesk.care.common.patient_n', { n: open.index + 1 })}
              rows={[
                { label: 'caredesk.care.fields.gender', value: format.enumLabel('gender', patient.gender) },
                { label: 'caredesk.care.fields.mobility', value: format.enumLabel('mobility', patient.mobility) },
                { label: 'caredesk.care.fields.care_level', value: format.text(patient.care_level) },
              ]}
            />
          </Stack>
        )}
      </Popover>
    </Stack>
  );
};
