import { type CsvColumn, isoSeconds, type Translate } from '../../../common/export/csv';
import type { Incoming } from '../../../dataProviders/careRequests/wire';
import { territoryOf } from '../parts/TerritoryChip';

const t = (key: string) => `caredesk.care.incoming.${key}`;

const enumLabel = (translate: Translate, name: string, value: string | null) =>
  value === null || value === '' ? '' : translate(`caredesk.care.enums.${name}.${value}`, { _: value });
const yesNo = (translate: Translate, value: boolean) =>
  translate(value ? 'caredesk.care.common.yes' : 'caredesk.care.common.no');

/**
 * The incoming care requests' export: the list's columns with exact values (submission time in UTC, dates as
 * YYYY-MM-DD). The list holds no contact data, so neither does the export.
 */
export const INCOMING_CSV_COLUMNS: CsvColumn<Incoming>[] = [
  { header: t('export.id'), cell: (request) => request.uid },
  { header: t('columns.submitted'), cell: (request) => isoSeconds(request.submitted) },
  { header: t('columns.host'), cell: (request) => request.host },
  { header: t('columns.affiliate'), cell: (request) => request.affiliate ?? '' },
  { header: t('columns.zip'), cell: (request) => request.partial_mission_zip_code ?? '' },
  {
    header: t('export.territory'),
    cell: (request, translate) => {
      const { kind } = territoryOf({ ...request, partialZipCode: request.partial_mission_zip_code });
      return kind === 'zip' ? '' : translate(t(`territory.${kind}`));
    },
  },
  { header: t('columns.patients'), cell: (request) => request.numberOfPatients },
  {
    header: t('columns.mission_begins'),
    cell: (request, translate) => enumLabel(translate, 'mission_begins', request.mission_begins),
  },
  { header: t('export.mission_start_date'), cell: (request) => request.mission_start_date ?? '' },
  {
    header: t('columns.drivers_license'),
    cell: (request, translate) => yesNo(translate, request.drivers_license_required),
  },
  { header: t('other_persons_present'), cell: (request, translate) => yesNo(translate, request.other_persons_present) },
  {
    header: t('columns.form_version'),
    cell: (request, translate) => enumLabel(translate, 'form_version', request.form_version),
  },
];
