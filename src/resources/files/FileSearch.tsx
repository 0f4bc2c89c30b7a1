import {
  BulkActionsToolbar,
  ColumnsButton,
  DataTable,
  List,
  SearchInput,
  SelectAllButton,
  SimpleList,
  TopToolbar,
  useLocale,
} from 'react-admin';
import { CsvExportButton } from '../../common/export/CsvExportButton';
import { useIsPhone } from '../../common/useIsPhone';
import { ListPagination } from '../../common/ListPagination';
import { ListEmpty } from '../../common/ListEmpty';
import { useCan } from '../../common/permissions';
import { UrlStateSync, useSpecListParams } from '../../common/urlListState';
import { FILES_PER_REQUEST, FILES_RESOURCE, type FileRecord } from '../../dataProviders/files';
import { ContentTypeField } from './ContentTypeField';
import { FILE_CSV_COLUMNS } from './csv';
import { DeleteSelectedFilesButton } from './DeleteSelectedFilesButton';
import { FileFilters } from './FileFilters';
import { FileRowActions } from './FileRowActions';
import { formatSeconds } from '../../common/dates/formatSeconds';
import { formatSize } from './format';
import { FILES_URL_STATE } from './listState';
import { ReferenceChips } from './ReferenceChips';
import { UploadButton } from './UploadButton';
import { OneLineText } from '../../common/OneLineText';
import { oneLineTable } from '../../common/oneLineTable';

const Column = DataTable.Col<FileRecord>;

const filters = [<SearchInput key="q" source="q" alwaysOn />];

const SizeField = ({ record }: { record: FileRecord }) => <>{formatSize(record.size, useLocale())}</>;

const UploadedField = ({ record }: { record: FileRecord }) => {
  const locale = useLocale();
  return <>{formatSeconds(record.uploaded, locale)}</>;
};

/**
 * One line per row (`oneLineTable`): reference chips stay in one row, and the free-text name and description give way. The
 * description is shown through Columns: beside it, the name had room for a few letters only at 1280 px.
 */
const TABLE_SX = oneLineTable({ giveWay: { name: '30%', description: '20%' } });
const HIDDEN_BY_DEFAULT = ['description'];

/** "Select all" selects at most what the service lists at once (react-admin would ask for 250 rows, which it refuses). */
const selectionToolbar = (
  <BulkActionsToolbar selectAllButton={<SelectAllButton limit={FILES_PER_REQUEST} />}>
    <DeleteSelectedFilesButton />
  </BulkActionsToolbar>
);

const emptyFiles = <ListEmpty message="caredesk.files.search.empty" action={<UploadButton />} />;

/** On a phone: one card per file (name, size and upload time, content type) with Download and a menu of its other actions (cards cannot be selected). */
const FileCards = () => (
  <SimpleList<FileRecord>
    rowClick={false}
    primaryText={(record) => record.name}
    secondaryText={(record) => (
      <>
        <SizeField record={record} /> · <UploadedField record={record} />
      </>
    )}
    tertiaryText={(record) => <ContentTypeField contentType={record.content_type} />}
    rightIcon={(record) => <FileRowActions record={record} compact />}
    empty={emptyFiles}
  />
);

/**
 * /filebucket/search/: the server-paged file search, its state kept in the URL query; columns to choose (remembered),
 * CSV export of every file the search selects, row actions (preview, download, edit, delete), for files:write a
 * selection to delete, and cards instead of the table on a phone.
 */
const FileSearch = () => {
  const listProps = useSpecListParams(FILES_URL_STATE);
  const phone = useIsPhone();
  const canWrite = useCan('files:write');
  return (
    <List
      resource={FILES_RESOURCE}
      title="caredesk.files.search.title"
      {...listProps}
      filters={filters}
      actions={
        <TopToolbar sx={{ alignItems: 'center' }}>
          <FileFilters />
          {!phone && <ColumnsButton />}
          <CsvExportButton columns={FILE_CSV_COLUMNS} fileName="caredesk.files.search.export.file_name" />
          <UploadButton />
        </TopToolbar>
      }
      pagination={<ListPagination />}
      exporter={false}
      empty={false}
    >
      <UrlStateSync options={FILES_URL_STATE} />
      {phone ? (
        <FileCards />
      ) : (
        <DataTable<FileRecord>
          rowClick={false}
          hiddenColumns={HIDDEN_BY_DEFAULT}
          bulkActionButtons={canWrite}
          bulkActionsToolbar={canWrite ? selectionToolbar : false}
          sx={TABLE_SX}
          empty={emptyFiles}
        >
          <Column
            source="name"
            label="caredesk.files.search.name"
            render={(record) => <OneLineText text={record.name} />}
          />
          <Column source="size" label="caredesk.files.search.size" render={(record) => <SizeField record={record} />} />
          <Column
            source="content_type"
            label="caredesk.files.search.content_type"
            render={(record) => <ContentTypeField contentType={record.content_type} />}
          />
          <Column
            source="description"
            label="caredesk.files.search.description"
            render={(record) => <OneLineText text={record.description} />}
          />
          <Column
            source="uploaded"
            label="caredesk.files.search.uploaded"
            render={(record) => <UploadedField record={record} />}
          />
          <Column
            source="references"
            label="caredesk.files.search.references"
            disableSort
            render={(record) => <ReferenceChips references={record.references} />}
          />
          <Column label="caredesk.files.search.actions" render={(record) => <FileRowActions record={record} />} />
        </DataTable>
      )}
    </List>
  );
};

export default FileSearch;
