import ArchiveIcon from '@mui/icons-material/Archive';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, Stack, Tooltip } from '@mui/material';
import { type ReactNode, useState } from 'react';
import {
  ColumnsButton,
  DataTable,
  DataTableBody,
  List,
  SimpleList,
  TopToolbar,
  useListContext,
  useTranslate,
} from 'react-admin';
import { CsvExportButton } from '../../../common/export/CsvExportButton';
import { useIsPhone } from '../../../common/useIsPhone';
import { DialogIconButton } from '../../../common/DialogIconButton';
import { ListPagination } from '../../../common/ListPagination';
import { Link } from 'react-router-dom';
import { ListEmpty } from '../../../common/ListEmpty';
import { UrlStateSync, useSpecListParams } from '../../../common/urlListState';
import { CARE_REQUEST_RESOURCES } from '../../../dataProviders/careRequests';
import { ArchivedRequestDialog } from '../archived/ArchivedRequestDialog';
import { carePaths } from '../parts/paths';
import { ShortHost, shortHost } from '../parts/ShortHost';
import { TerritoryChip, territoryOf } from '../parts/TerritoryChip';
import { useCareFormat } from '../parts/useCareFormat';
import type { Incoming } from '../../../dataProviders/careRequests/wire';
import { INCOMING_CSV_COLUMNS } from './csv';
import { IncomingDetailsDialog } from './IncomingDetailsDialog';
import { IncomingSearchBox } from './IncomingSearchBox';
import { useLinkedArchivedRequest } from './useLinkedArchivedRequest';
import { INCOMING_URL_STATE } from './listState';
import { PatientIcons } from './PatientIcons';
import { SubmittedFilterMenu } from './SubmittedFilterMenu';
import { IfCan } from '../../../common/permissions';
import { OneLineText } from '../../../common/OneLineText';
import { oneLineTable } from '../../../common/oneLineTable';
import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import { LiveHoldProvider, useHoverHold, useLiveHolds } from '../live/liveHolds';
import { useLiveCareLists } from '../live/useLiveCareLists';
import { useCachedRequest, useOpenedRequest } from '../workflow/workflowCache';
import { AssigneeText, FollowUpText, StatusChip } from '../workflow/parts';
import { NewRequestsBar } from './NewRequestsBar';
import { QuickViews } from './QuickViews';

const Column = DataTable.Col<Incoming>;
const HIDDEN_BY_DEFAULT = ['affiliate', 'drivers_license_required', 'form_version'];

const ReloadButton = () => {
  const translate = useTranslate();
  const { refetch, isFetching } = useListContext();
  return (
    <Button
      size="small"
      startIcon={<RefreshIcon />}
      onClick={() => refetch()}
      loading={isFetching}
      loadingPosition="start"
    >
      {translate('caredesk.care.incoming.reload')}
    </Button>
  );
};

const BoardLink = () => (
  <Button component={Link} to={carePaths.board} size="small" startIcon={<ViewKanbanIcon />}>
    {useTranslate()('caredesk.care_work.board.menu')}
  </Button>
);

const ListActions = ({ phone }: { phone: boolean }) => (
  <TopToolbar
    sx={{
      alignItems: 'center',
      gap: 1,
      flexWrap: 'wrap',
      '& .MuiButton-root': { flexShrink: 0, whiteSpace: 'nowrap' },
    }}
  >
    <IncomingSearchBox />
    <SubmittedFilterMenu />
    <ReloadButton />
    <BoardLink />
    {!phone && <ColumnsButton />}
    <CsvExportButton columns={INCOMING_CSV_COLUMNS} fileName="caredesk.care.incoming.export.file_name" />
  </TopToolbar>
);

/**
 * Ten rows and the pager fit a 1280×720 window (`oneLineTable`), also with the workflow's columns in German: the free-text
 * origin and assignee give way, and the columns to spare (affiliate, drivers license, form version) are shown through
 * Columns.
 */
const TABLE_SX = oneLineTable({ giveWay: { assignee: '12%', host: '11%', affiliate: '10%' }, padding: 0.5 });

const CreateRequestLink = () => {
  const translate = useTranslate();
  return (
    <IfCan permission="care:create">
      <Button component={Link} to={carePaths.create} size="small">
        {translate('caredesk.care.menu.create_care_request')}
      </Button>
    </IfCan>
  );
};

const AssigneeCell = ({ record }: { record: Incoming }) => {
  const translate = useTranslate();
  const name = record.assignee?.public_name ?? translate('caredesk.care_work.unassigned');
  return <OneLineText text={name} />;
};

const SubmittedField = ({ record }: { record: Incoming }) => <>{useCareFormat().dateTime(record.submitted)}</>;

const MissionBeginsField = ({ record }: { record: Incoming }) => {
  const format = useCareFormat();
  const translate = useTranslate();
  if (record.mission_begins === 'date' && record.mission_start_date) {
    return <>{translate('caredesk.care.incoming.starts_on', { date: format.date(record.mission_start_date) })}</>;
  }
  return <>{format.enumLabel('mission_begins', record.mission_begins)}</>;
};

const ZipField = ({ record }: { record: Incoming }) => {
  const territory = territoryOf({ ...record, partialZipCode: record.partial_mission_zip_code });
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      {(territory.kind === 'core' || territory.kind === 'optional') && <span>{record.partial_mission_zip_code}</span>}
      <TerritoryChip
        core_territory={record.core_territory}
        optional_territory={record.optional_territory}
        partialZipCode={record.partial_mission_zip_code}
      />
    </Stack>
  );
};

const DriversLicenseField = ({ record }: { record: Incoming }) => {
  const translate = useTranslate();
  return record.drivers_license_required ? (
    <Tooltip title={translate('caredesk.care.incoming.drivers_license_required')}>
      <DirectionsCarIcon
        fontSize="small"
        color="action"
        aria-label={translate('caredesk.care.incoming.drivers_license_required')}
        data-testid="drivers-license"
      />
    </Tooltip>
  ) : null;
};

const Actions = ({
  record,
  onDetails,
  onArchived,
}: {
  record: Incoming;
  onDetails: () => void;
  onArchived: () => void;
}) => {
  const translate = useTranslate();
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <DialogIconButton size="small" title={translate('caredesk.care.incoming.view_details')} onClick={onDetails}>
        <InfoOutlinedIcon fontSize="small" />
      </DialogIconButton>
      {record.archived_request_available && (
        <DialogIconButton size="small" title={translate('caredesk.care.incoming.open_archived')} onClick={onArchived}>
          <ArchiveIcon fontSize="small" />
        </DialogIconButton>
      )}
    </Box>
  );
};

interface CardsProps {
  onDetails: (record: Incoming) => void;
  onArchived: (uid: string) => void;
}

/**
 * On a phone: one card per request (submission time; origin, wrapping; mission start, ZIP code and territory) with its
 * actions; the details dialog has the whole host.
 */
const IncomingCards = ({ onDetails, onArchived }: CardsProps) => (
  <SimpleList<Incoming>
    rowClick={false}
    primaryText={(record) => <SubmittedField record={record} />}
    secondaryText={(record) => (
      // one line under the other: react-admin floats a tertiary text beside the primary one, where the origin had no room
      <Stack component="span">
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {shortHost(record.host)}
        </Box>
        <Stack component="span" direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center">
          <MissionBeginsField record={record} />
          <ZipField record={record} />
        </Stack>
        <Stack component="span" direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center">
          <StatusChip status={record.status} />
          <AssigneeText assignee={record.assignee} />
          {record.follow_up && <FollowUpText followUp={record.follow_up} />}
        </Stack>
      </Stack>
    )}
    rightIcon={(record) => (
      <Actions record={record} onDetails={() => onDetails(record)} onArchived={() => onArchived(record.uid)} />
    )}
    empty={<ListEmpty message="caredesk.care.incoming.empty" action={<CreateRequestLink />} />}
  />
);

/**
 * /archive/incoming-care-requests/: the server-paged list of incoming care requests (default page 1, 10 per page,
 * submitted descending), its state kept in the URL like the file search; `?archived=<uid>` opens that archived request
 * (the link of a new request's notification mail). Load failures are only logged. Columns to choose (remembered), CSV
 * export of every request the search selects, and cards instead of the table on a phone.
 */
/** The details dialog of the request with this uid, as the list shows it now (live), open until closed. */
const DetailsOfRow = ({ uid, onClose }: { uid: string | null; onClose: () => void }) => (
  <IncomingDetailsDialog record={useOpenedRequest(uid)} onClose={onClose} />
);

const ArchivedOfRow = ({ uid, onClose }: { uid: string | null; onClose: () => void }) => (
  <ArchivedRequestDialog uid={uid} onClose={onClose} workflow={useCachedRequest(uid)} />
);

/** The table's rows: while the pointer is on them, live changes of others wait (a reload would move them under it). */
const HoldingRows = ({ children }: { children?: ReactNode }) => (
  <DataTableBody {...useHoverHold()}>{children}</DataTableBody>
);

const IncomingCareRequestList = () => {
  const listProps = useSpecListParams(INCOMING_URL_STATE);
  const format = useCareFormat();
  const [details, setDetails] = useState<string | null>(null);
  const holds = useLiveHolds();
  const live = useLiveCareLists(holds);
  const [archived, setArchived] = useLinkedArchivedRequest();
  const phone = useIsPhone();
  return (
    <LiveHoldProvider holds={holds}>
      <List
        resource={CARE_REQUEST_RESOURCES.incoming}
        title="caredesk.care.incoming.title"
        {...listProps}
        storeKey={false}
        actions={<ListActions phone={phone} />}
        pagination={<ListPagination />}
        exporter={false}
        queryOptions={{ onError: (error: unknown) => console.error('Cannot load the incoming care requests', error) }}
        empty={false}
      >
        <UrlStateSync options={INCOMING_URL_STATE} />
        <QuickViews />
        <NewRequestsBar count={live.newCount} onShow={live.showNew} />
        <DetailsOfRow uid={details} onClose={() => setDetails(null)} />
        <ArchivedOfRow uid={archived} onClose={() => setArchived(null)} />
        {phone ? (
          <IncomingCards onDetails={(record) => setDetails(record.uid)} onArchived={setArchived} />
        ) : (
          <DataTable<Incoming>
            // with the workflow's columns the table is wider than 1280 px: these two are shown through Columns
            hiddenColumns={HIDDEN_BY_DEFAULT}
            rowClick={false}
            bulkActionButtons={false}
            body={HoldingRows}
            size="small"
            sx={TABLE_SX}
            empty={<ListEmpty message="caredesk.care.incoming.empty" action={<CreateRequestLink />} />}
          >
            <Column
              source="submitted"
              label="caredesk.care.incoming.columns.submitted"
              render={(record) => <SubmittedField record={record} />}
            />
            <Column
              source="status"
              label="caredesk.care_work.columns.status"
              disableSort
              render={(record) => <StatusChip status={record.status} />}
            />
            <Column
              source="assignee"
              label="caredesk.care_work.columns.assignee"
              disableSort
              render={(record) => <AssigneeCell record={record} />}
            />
            <Column
              source="follow_up"
              label="caredesk.care_work.columns.follow_up"
              render={(record) => <FollowUpText followUp={record.follow_up} />}
            />
            <Column
              source="host"
              label="caredesk.care.incoming.columns.host"
              disableSort
              render={(record) => <ShortHost host={record.host} />}
            />
            <Column
              source="affiliate"
              label="caredesk.care.incoming.columns.affiliate"
              disableSort
              render={(record) => <OneLineText text={format.text(record.affiliate)} whole={record.affiliate ?? ''} />}
            />
            <Column
              source="partial_mission_zip_code"
              label="caredesk.care.incoming.columns.zip"
              disableSort
              render={(record) => <ZipField record={record} />}
            />
            <Column
              source="numberOfPatients"
              label="caredesk.care.incoming.columns.patients"
              disableSort
              render={(record) => <PatientIcons record={record} />}
            />
            <Column
              source="mission_begins"
              label="caredesk.care.incoming.columns.mission_begins"
              disableSort
              render={(record) => <MissionBeginsField record={record} />}
            />
            <Column
              source="drivers_license_required"
              label="caredesk.care.incoming.columns.drivers_license"
              disableSort
              render={(record) => <DriversLicenseField record={record} />}
            />
            <Column
              source="form_version"
              label="caredesk.care.incoming.columns.form_version"
              disableSort
              render={(record) => format.enumLabel('form_version', record.form_version)}
            />
            <Column
              label="caredesk.care.incoming.columns.actions"
              render={(record) => (
                <Actions
                  record={record}
                  onDetails={() => setDetails(record.uid)}
                  onArchived={() => setArchived(record.uid)}
                />
              )}
            />
          </DataTable>
        )}
      </List>
    </LiveHoldProvider>
  );
};

export default IncomingCareRequestList;
