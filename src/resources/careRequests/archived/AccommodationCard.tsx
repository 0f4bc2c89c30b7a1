import { Card, CardContent, CardHeader } from '@mui/material';
import { DetailRows } from '../parts/DetailRows';
import { useCareFormat } from '../parts/useCareFormat';
import type { Accommodation } from '../../../dataProviders/careRequests/wire';

const f = (name: string) => `caredesk.care.fields.${name}`;

/** The accommodation offered to the caregiver. */
export const AccommodationCard = ({ accommodation }: { accommodation: Accommodation | null }) => {
  const format = useCareFormat();
  const a = accommodation ?? ({} as Partial<Accommodation>);
  const connectivityOrFlag = (value: string | boolean | null | undefined) =>
    typeof value === 'string' ? format.enumLabel('connectivity', value) : format.yesNo(value ?? null);
  return (
    <Card variant="outlined" data-testid="archived-accommodation">
      <CardHeader
        title={format.translate('caredesk.care.archived.accommodation')}
        slotProps={{ title: { variant: 'h6' } }}
      />
      <CardContent>
        <DetailRows
          rows={[
            { label: f('accommodation'), value: format.enumLabel('accommodation', a.accommodation) },
            { label: f('bathroom'), value: connectivityOrFlag(a.bathroom) },
            { label: f('toilet'), value: connectivityOrFlag(a.toilet) },
            { label: f('television'), value: connectivityOrFlag(a.television) },
            { label: f('internet'), value: connectivityOrFlag(a.internet) },
            { label: f('telephone_flat_rate'), value: connectivityOrFlag(a.telephone_flat_rate) },
            { label: f('family_nearby'), value: format.yesNo(a.family_nearby) },
          ]}
        />
      </CardContent>
    </Card>
  );
};
