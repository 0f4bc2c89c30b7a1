import { Card, CardContent, CardHeader } from '@mui/material';
import { DetailRows } from '../parts/DetailRows';
import { useCareFormat } from '../parts/useCareFormat';
import type { CaregiverRequirements } from '../../../dataProviders/careRequests/wire';

const f = (name: string) => `caredesk.care.fields.${name}`;

/** What the customer asks of the caregiver. */
export const CaregiverRequirementsCard = ({ requirements }: { requirements: CaregiverRequirements | null }) => {
  const format = useCareFormat();
  const r = requirements ?? ({} as Partial<CaregiverRequirements>);
  return (
    <Card variant="outlined" data-testid="archived-caregiver-requirements">
      <CardHeader
        title={format.translate('caredesk.care.archived.caregiver_requirements')}
        slotProps={{ title: { variant: 'h6' } }}
      />
      <CardContent>
        <DetailRows
          rows={[
            { label: f('gender'), value: format.enumLabel('caregiver_gender', r.gender) },
            { label: f('language_skills'), value: format.enumLabel('language_skills', r.language_skills) },
            { label: f('drivers_license'), value: format.yesNo(r.drivers_license) },
            { label: f('smokers_allowed'), value: format.enumLabel('smoking', r.smokers_allowed) },
            { label: f('work_experience'), value: format.enumLabel('experience', r.work_experience) },
            { label: f('minimum_age'), value: format.text(r.minimum_age) },
            { label: f('maximum_age'), value: format.text(r.maximum_age) },
          ]}
        />
      </CardContent>
    </Card>
  );
};
