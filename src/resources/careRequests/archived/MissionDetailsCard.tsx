import { Card, CardContent, CardHeader } from '@mui/material';
import { DetailRows } from '../parts/DetailRows';
import { useCareFormat } from '../parts/useCareFormat';
import type { MissionDetails } from '../../../dataProviders/careRequests/wire';

const f = (name: string) => `caredesk.care.fields.${name}`;

/** The archived request's mission details (without the patients, which have their own panels). */
export const MissionDetailsCard = ({ mission }: { mission: MissionDetails | null }) => {
  const format = useCareFormat();
  const flagOrText = (value: boolean | string | null | undefined) =>
    typeof value === 'string' ? format.text(value) : format.yesNo(value ?? null);
  const m = mission ?? ({} as Partial<MissionDetails>);
  return (
    <Card variant="outlined" data-testid="archived-mission">
      <CardHeader
        title={format.translate('caredesk.care.archived.mission_details')}
        slotProps={{ title: { variant: 'h6' } }}
      />
      <CardContent>
        <DetailRows
          rows={[
            { label: f('zip_code'), value: format.text(m.zip_code) },
            { label: f('begins'), value: format.enumLabel('mission_begins', m.begins) },
            { label: f('start_date'), value: format.date(m.start_date) },
            { label: f('other_persons_present'), value: format.yesNo(m.other_persons_present) },
            { label: f('other_persons_number'), value: format.text(m.other_persons_number) },
            { label: f('other_persons_need_assistance'), value: format.yesNo(m.other_persons_need_assistance) },
            { label: f('pets'), value: flagOrText(m.pets) },
            { label: f('night_shift'), value: format.enumLabel('night_shift', m.night_shift) },
            { label: f('shops_reachable_by_foot'), value: format.yesNo(m.shops_reachable_by_foot) },
            { label: f('transport'), value: flagOrText(m.transport) },
            { label: f('household_activities'), value: format.enumList('household_activity', m.household_activities) },
            { label: f('relief_breaks'), value: flagOrText(m.relief_breaks) },
            { label: f('grocery_shopping'), value: flagOrText(m.grocery_shopping) },
            { label: f('shops_reachable'), value: format.enumLabel('shop_reachability', m.shops_reachable) },
            { label: f('smokers_household'), value: format.yesNo(m.smokers_household) },
          ]}
        />
      </CardContent>
    </Card>
  );
};
