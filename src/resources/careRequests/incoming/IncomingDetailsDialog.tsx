import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider } from '@mui/material';
import { DetailRows, type DetailRow } from '../parts/DetailRows';
import { HostName } from '../parts/HostName';
import { useIsPhone } from '../../../common/useIsPhone';
import { useCareFormat } from '../parts/useCareFormat';
import type { Incoming } from '../../../dataProviders/careRequests/wire';
import { useHoldWhile } from '../live/liveHolds';
import { WorkflowPanel } from '../workflow/WorkflowPanel';

const f = (name: string) => `caredesk.care.fields.${name}`;

/** Details of an incoming request in a 600px wide dialog (the whole screen on a phone): overview, one group per patient and the form version's extra details. */
export const IncomingDetailsDialog = ({ record, onClose }: { record: Incoming | null; onClose: () => void }) => {
  const format = useCareFormat();
  const { translate } = format;
  const phone = useIsPhone();
  // the list behind stays as it is while the dialog is open: a reload could take the request off it
  useHoldWhile(record !== null);
  if (!record) return null;
  const is2012 = record.form_version === '2012';
  const start =
    record.mission_begins === 'date' && record.mission_start_date
      ? `${format.enumLabel('mission_begins', record.mission_begins)}: ${format.date(record.mission_start_date)}`
      : format.enumLabel('mission_begins', record.mission_begins);

  const overview: DetailRow[] = [
    { label: 'caredesk.care.details.affiliate', value: format.text(record.affiliate) },
    { label: 'caredesk.care.details.start', value: start },
    { label: 'caredesk.care.details.submitted', value: format.dateTime(record.submitted) },
    { label: 'caredesk.care.details.host', value: record.host ? <HostName host={record.host} /> : format.unknown },
  ];

  const details = record.details ?? {};
  const extra: DetailRow[] = is2012
    ? [
        { label: f('accommodation'), value: format.enumLabel('accommodation', details.accommodation) },
        { label: f('caregiver_gender'), value: format.enumLabel('caregiver_gender', details.caregiver_gender) },
        {
          label: f('caregiver_language_skills'),
          value: format.enumLabel('language_skills', details.caregiver_language_skills),
        },
        { label: f('caregiver_minimum_age'), value: format.text(details.caregiver_minimum_age) },
        {
          label: f('caregiver_work_experience'),
          value: format.enumLabel('experience', details.caregiver_work_experience),
        },
        { label: f('smokers_allowed'), value: format.enumLabel('smoking', details.smokers_allowed) },
        { label: f('own_bathroom'), value: format.yesNo(details.own_bathroom) },
        { label: f('television'), value: format.enumLabel('connectivity', details.television) },
        { label: f('night_shift'), value: format.enumLabel('night_shift', details.night_shift) },
        { label: f('has_dogs'), value: format.yesNo(details.has_dogs) },
        { label: f('has_cats'), value: format.yesNo(details.has_cats) },
        { label: f('housing_type'), value: format.enumLabel('housing', details.housing_type) },
        { label: f('referral'), value: format.enumLabel('referral', details.referral) },
      ]
    : [
        { label: f('newsletter'), value: format.yesNo(details.newsletter) },
        { label: f('referral'), value: format.enumLabel('referral', details.referral) },
      ];

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth={false}
      fullScreen={phone}
      slotProps={{ paper: { sx: { width: 600, maxWidth: '100%' }, 'data-testid': 'incoming-details' } as object }}
    >
      <DialogTitle>{translate('caredesk.care.details.title')}</DialogTitle>
      {/* read-only and taller than small screens: focusable, so that the keyboard can scroll it */}
      <DialogContent dividers tabIndex={0}>
        <DetailRows rows={overview} testId="incoming-overview" />
        <WorkflowPanel uid={record.uid} record={record} />
        <Divider sx={{ my: 2 }} />
        {record.patients.map((patient, index) => {
          const patientDetails = patient.details;
          const rows: DetailRow[] = [
            { label: f('gender'), value: format.enumLabel('gender', patient.gender) },
            { label: f('mobility'), value: format.enumLabel('mobility', patient.mobility) },
            { label: f('care_level'), value: format.text(patient.care_level) },
            { label: f('can_hear'), value: format.enumLabel('ability', patientDetails?.can_hear) },
            { label: f('can_talk'), value: format.enumLabel('ability', patientDetails?.can_talk) },
            { label: f('can_see'), value: format.enumLabel('ability', patientDetails?.can_see) },
            { label: f('night_shift'), value: format.enumLabel('night_shift', patientDetails?.night_shift) },
          ];
          if (is2012) {
            rows.push(
              {
                label: f('ambulatory_care_service'),
                value: format.enumLabel('ambulatory_care_service', patientDetails?.ambulatory_care_service),
              },
              { label: f('diseases'), value: format.enumList('disease', patientDetails?.diseases) },
            );
          }
          return (
            <DetailRows
              key={index}
              title={translate('caredesk.care.common.patient_n', { n: index + 1 })}
              rows={rows}
              testId={`incoming-patient-${index}`}
            />
          );
        })}
        <Divider sx={{ mb: 2 }} />
        <DetailRows
          title={`${translate('caredesk.care.details.extra')} (${translate('caredesk.care.details.layout', { version: is2012 ? '2012' : '2016' })})`}
          rows={extra}
          testId={is2012 ? 'incoming-extra-2012' : 'incoming-extra-2016'}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('caredesk.care.common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
