import { Card, CardContent, CardHeader } from '@mui/material';
import { DetailRows } from '../parts/DetailRows';
import { HostName } from '../parts/HostName';
import { TerritoryChip } from '../parts/TerritoryChip';
import { useCareFormat } from '../parts/useCareFormat';
import type { Archived } from '../../../dataProviders/careRequests/wire';

const f = (name: string) => `caredesk.care.fields.${name}`;

/** Affiliate, host, submitted time, territory chip, contact title, partial zip, referral, newsletter, form version, legacy id. */
export const ArchivedSidebar = ({ record }: { record: Archived }) => {
  const format = useCareFormat();
  return (
    <Card variant="outlined" data-testid="archived-sidebar">
      <CardHeader title={format.translate('caredesk.care.archived.sidebar')} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent>
        <DetailRows
          rows={[
            { label: f('affiliate'), value: format.text(record.affiliate) },
            { label: f('host'), value: record.host ? <HostName host={record.host} /> : format.unknown },
            { label: f('submitted'), value: format.dateTime(record.submitted) },
            {
              label: f('territory'),
              value: (
                <TerritoryChip
                  core_territory={record.core_territory}
                  optional_territory={record.optional_territory}
                  partialZipCode={record.contact?.partial_zip_code ?? record.mission_details?.zip_code}
                />
              ),
            },
            { label: f('contact_title'), value: format.enumLabel('contact_title', record.contact?.title) },
            { label: f('partial_zip_code'), value: format.text(record.contact?.partial_zip_code) },
            { label: f('referral'), value: format.enumLabel('referral', record.referral) },
            { label: f('newsletter'), value: format.yesNo(record.newsletter) },
            { label: f('form_version'), value: format.enumLabel('form_version', record.form_version) },
            { label: 'caredesk.care.archived.customer_version', value: format.text(record.customer_version) },
            { label: f('legacy_id'), value: format.text(record.legacy_id) },
          ]}
        />
      </CardContent>
    </Card>
  );
};
