import { DataTable, List, Pagination, SearchInput, TopToolbar, useLocale } from 'react-admin';
import { UrlStateSync, useSpecListParams } from '../../common/urlListState';
import { FILES_RESOURCE, type FileRecord } from '../../dataProviders/files';
import { ContentTypeField } from './ContentTypeField';
import { DownloadButton } from './DownloadButton';
import { FileFilters } from './FileFilters';
import { formatSeconds, formatSize } from './format';
import { FILES_URL_STATE } from './listState';
import { ReferenceChips } from './ReferenceChips';
import { UploadButton } from './UploadButton';

const Column = DataTable.Col<FileRecord>;

const filters = [<SearchInput key="q" source="q" alwaysOn />];

const UploadedField = ({ record }: { record: FileRecord }) => {
  const locale = useLocale();
  return <>{formatSeconds(record.uploaded, locale)}</>;
};

/** /filebucket/search/: the server-paged file search, its state kept in the URL query. */
const FileSearch = () => {
  const listProps = useSpecListParams(FILES_URL_STATE);
  return (
    <List
      resource={FILES_RESOURCE}
      title="caredesk.files.search.title"
      {...listProps}
      filters={filters}
      actions={
        <TopToolbar>
          <UploadButton />
        </TopToolbar>
      }
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
      exporter={false}
      empty={false}
    >
      <UrlStateSync options={FILES_URL_STATE} />
      <FileFilters />
      <DataTable<FileRecord> rowClick={false} bulkActionButtons={false}>
        <Column source="name" label="caredesk.files.search.name" />
        <Column source="size" label="caredesk.files.search.size" render={(record) => formatSize(record.size)} />
        <Column
          source="content_type"
          label="caredesk.files.search.content_type"
          render={(record) => <ContentTypeField contentType={record.content_type} />}
        />
        <Column source="description" label="caredesk.files.search.description" />
        <Column source="uploaded" label="caredesk.files.search.uploaded" render={(record) => <UploadedField record={record} />} />
        <Column
          source="references"
          label="caredesk.files.search.references"
          disableSort
          render={(record) => <ReferenceChips references={record.references} />}
        />
        <Column label="caredesk.files.search.actions" render={(record) => <DownloadButton record={record} />} />
      </DataTable>
    </List>
  );
};

export default FileSearch;
