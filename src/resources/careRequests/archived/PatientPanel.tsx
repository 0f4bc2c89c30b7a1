import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { DetailRows } from '../parts/DetailRows';
import { useCareFormat } from '../parts/useCareFormat';
import type { ArchivedPatient, DayTime } from '../../../dataProviders/careRequests/wire';

const f = (name: string) => `caredesk.care.fields.${name}`;
const DAY_TIMES: DayTime[] = ['morning', 'noon', 'evening', 'night'];
const ABILITY_FIELDS = ['can_hear', 'can_talk', 'can_see'] as const;
const DEPENDENCE_FIELDS = ['can_climb_stairs', 'can_get_out_of_bed', 'can_dress', 'can_walk', 'can_stand'] as const;

/** One patient of an archived request as an expansion panel. */
export const PatientPanel = ({ patient, index }: { patient: ArchivedPatient; index: number }) => {
  const format = useCareFormat();
  const { translate } = format;
  const abilities = patient.abilities;
  return (
    <Accordion defaultExpanded={index === 0} data-testid={`archived-patient-${index}`}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography sx={{ fontWeight: 600 }}>
          {translate('caredesk.care.common.patient_n', { n: index + 1 })}: {format.enumLabel('gender', patient.gender)},{' '}
          {format.enumLabel('mobility', patient.mobility)}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <DetailRows
          rows={[
            { label: f('gender'), value: format.enumLabel('gender', patient.gender) },
            { label: f('mobility'), value: format.enumLabel('mobility', patient.mobility) },
            { label: f('care_level'), value: format.text(patient.care_level) },
            {
              label: f('ambulatory_care_service'),
              value: format.enumLabel('ambulatory_care_service', patient.ambulatory_care_service),
            },
            { label: f('diseases'), value: format.enumList('disease', patient.diseases) },
            { label: f('night_shift'), value: format.enumLabel('night_shift', patient.night_shift) },
            { label: f('medical_aids'), value: format.enumList('medical_aid', patient.medical_aids) },
          ]}
        />
        <DetailRows
          title={translate('caredesk.care.archived.abilities')}
          rows={[
            ...ABILITY_FIELDS.map((field) => ({
              label: f(field),
              value: format.enumLabel('ability', abilities?.[field]),
            })),
            ...DEPENDENCE_FIELDS.map((field) => ({
              label: f(field),
              value: format.enumLabel('dependence', abilities?.[field]),
            })),
          ]}
        />
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {translate('caredesk.care.archived.care_activities')}
        </Typography>
        <Table size="small" aria-label={translate('caredesk.care.archived.care_activities')}>
          <TableHead>
            <TableRow>
              {DAY_TIMES.map((time) => (
                <TableCell key={time}>{translate(f(time))}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow>
              {DAY_TIMES.map((time) => {
                const activities = patient.care_activities?.[time];
                return (
                  <TableCell key={time} sx={{ verticalAlign: 'top' }}>
                    {activities === null || activities === undefined
                      ? format.unknown
                      : activities.length
                        ? activities.map((activity) => (
                            <div key={activity}>{format.enumLabel('care_activity', activity)}</div>
                          ))
                        : translate('caredesk.care.common.none')}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableBody>
        </Table>
      </AccordionDetails>
    </Accordion>
  );
};
