import CloseIcon from '@mui/icons-material/Close';
import {
  AppBar,
  Box,
  Dialog,
  DialogContent,
  Grid,
  IconButton,
  LinearProgress,
  Stack,
  Toolbar,
  Typography,
} from '@mui/material';
import { useEffect } from 'react';
import { useGetOne, useTranslate } from 'react-admin';
import { CARE_REQUEST_RESOURCES } from '../../../dataProviders/careRequests';
import type { Archived, Incoming } from '../../../dataProviders/careRequests/wire';
import { useHoldWhile } from '../live/liveHolds';
import { WorkflowPanel } from '../workflow/WorkflowPanel';
import { AccommodationCard } from './AccommodationCard';
import { ArchivedSidebar } from './ArchivedSidebar';
import { CaregiverRequirementsCard } from './CaregiverRequirementsCard';
import { ContactCard } from './ContactCard';
import { MissionDetailsCard } from './MissionDetailsCard';
import { PatientPanel } from './PatientPanel';

/**
 * The archived version of a request (GET /archived/care-requests/{uid}/) in a full-screen dialog: sidebar, mission
 * details, one expansion panel per patient, accommodation and caregiver requirements, and the request's workflow (its state
 * from the incoming list's row, `workflow`). A load failure is only
 * logged.
 */
export const ArchivedRequestDialog = ({
  uid,
  onClose,
  workflow,
}: {
  uid: string | null;
  onClose: () => void;
  workflow?: Incoming | null;
}) => {
  const translate = useTranslate();
  const { data, isPending, error } = useGetOne<Archived>(
    CARE_REQUEST_RESOURCES.archived,
    { id: uid ?? '' },
    { enabled: uid !== null, retry: false, meta: undefined },
  );
  useEffect(() => {
    if (error) console.error('Cannot load the archived care request', uid, error);
  }, [error, uid]);
  useHoldWhile(uid !== null);
  if (uid === null) return null;
  return (
    <Dialog fullScreen open onClose={onClose} aria-labelledby="archived-request-title">
      <AppBar position="sticky" color="primary">
        <Toolbar>
          <Typography id="archived-request-title" variant="h6" sx={{ flex: 1 }}>
            {translate('caredesk.care.archived.title')}
          </Typography>
          <IconButton color="inherit" edge="end" onClick={onClose} aria-label={translate('caredesk.care.common.close')}>
            <CloseIcon />
          </IconButton>
        </Toolbar>
      </AppBar>
      <DialogContent>
        {isPending && !error && <LinearProgress aria-label={translate('caredesk.care.archived.loading')} />}
        {data && (
          <Grid container spacing={2} data-testid="archived-request">
            <Grid size={{ xs: 12, md: 4, lg: 3 }}>
              <Stack spacing={2}>
                <ArchivedSidebar record={data} />
                <ContactCard record={data} />
                <WorkflowPanel uid={data.uid} record={workflow} contactErased={data.contact_erased ?? null} />
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 8, lg: 9 }}>
              <Stack spacing={2}>
                <MissionDetailsCard mission={data.mission_details} />
                <Box>
                  <Typography variant="h6" sx={{ mb: 1 }}>
                    {translate('caredesk.care.archived.patients')}
                  </Typography>
                  {(data.mission_details?.patients ?? []).map((patient, index) => (
                    <PatientPanel key={index} patient={patient} index={index} />
                  ))}
                </Box>
                <AccommodationCard accommodation={data.accommodation} />
                <CaregiverRequirementsCard requirements={data.caregiver_requirements} />
              </Stack>
            </Grid>
          </Grid>
        )}
      </DialogContent>
    </Dialog>
  );
};
