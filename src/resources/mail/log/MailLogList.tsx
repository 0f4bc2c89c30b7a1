import {
  ColumnsButton,
  DataTable,
  List,
  SearchInput,
  SimpleList,
  TopToolbar,
  useTranslate,
  type SearchInputProps,
} from 'react-admin';
import { Stack } from '@mui/material';
import { useIsPhone } from '../../../common/useIsPhone';
import { CsvExportButton } from '../../../common/export/CsvExportButton';
import { ListEmpty } from '../../../common/ListEmpty';
import { ListPagination } from '../../../common/ListPagination';
import { UrlStateSync, useSpecListParams } from '../../../common/urlListState';
import { MAIL_RESOURCES } from '../../../dataProviders/mail';
import type { MailLogRecord } from '../../../dataProviders/mail/logRecords';
import { OneLineText } from '../../../common/OneLineText';
import { oneLineTable } from '../../../common/oneLineTable';
import { MAIL_COLUMNS_GIVE_WAY, mailCard, mailColumns } from '../mailColumns';
import { mailPaths } from '../paths';
import { MAIL_LOG_URL_STATE } from './listState';
import { MAIL_LOG_CSV_COLUMNS } from './csv';
import { MailLogFilters } from './MailLogFilters';
import { MailStateChip } from './MailStateChip';
import { MailStateChips } from './MailStateChips';

const Column = DataTable.Col<MailLogRecord>;

/**
 * The search box: what it says matches the API's `query` (the mail log route's description in server/mail/routes.ts): a whole address or Message-ID finds exactly that
 * address, anything else is a substring of sender, recipients, subject or Message-ID.
 */
const MailLogSearchInput = (props: SearchInputProps) => (
  // wide enough on a desktop for the whole hint (cut after "Ganze Adresse oder Messa" at the default width); a phone keeps the full width
  <SearchInput
    {...props}
    sx={{ width: { sm: 480 } }}
    placeholder={useTranslate()('caredesk.mail_log.search_placeholder')}
  />
);

const filters = [<MailLogSearchInput key="q" source="q" alwaysOn />];

const field = (name: string) => `caredesk.mail_log.fields.${name}`;
/** The Message-ID and the last error, shown through Columns, give way as well. */
const TABLE_SX = oneLineTable({ giveWay: { ...MAIL_COLUMNS_GIVE_WAY, message_id: '14%', last_error: '16%' } });
const card = mailCard<MailLogRecord>();

/**
 * /mailman/log/: every mail, server-paged, searched (sender, any recipient, subject, Message-ID) and filtered by state
 * chips and requested days, its state kept in the URL (/mailman/log/?state=failed shows the failed mails). A row opens
 * the mail's detail; the columns can be chosen (remembered) and the selection exported as CSV. A phone shows a card per mail
 * (subject, sender and recipients, requested time and state) that opens its detail.
 */
const MailLogList = () => {
  const listProps = useSpecListParams(MAIL_LOG_URL_STATE);
  const phone = useIsPhone();
  const empty = <ListEmpty message="caredesk.mail_log.empty" />;
  return (
    <List
      resource={MAIL_RESOURCES.log}
      title="caredesk.mail_log.title"
      {...listProps}
      filters={filters}
      actions={
        <TopToolbar sx={{ alignItems: 'center' }}>
          <MailLogFilters />
          {!phone && <ColumnsButton />}
          <CsvExportButton<MailLogRecord>
            columns={MAIL_LOG_CSV_COLUMNS}
            fileName="caredesk.mail_log.export.file_name"
          />
        </TopToolbar>
      }
      pagination={<ListPagination />}
      exporter={false}
      empty={false}
    >
      <UrlStateSync options={MAIL_LOG_URL_STATE} />
      <MailStateChips />
      {phone ? (
        <SimpleList<MailLogRecord>
          rowClick={(id) => mailPaths.mail(id)}
          primaryText={card.primary}
          secondaryText={card.secondary}
          tertiaryText={(record) => (
            <Stack direction="row" spacing={1} alignItems="center" component="span">
              {card.tertiary?.(record)}
              <MailStateChip state={record.state} />
            </Stack>
          )}
          empty={empty}
        />
      ) : (
        <DataTable<MailLogRecord>
          rowClick={(id) => mailPaths.mail(id)}
          bulkActionButtons={false}
          hiddenColumns={['message_id', 'last_error']}
          empty={empty}
          sx={TABLE_SX}
        >
          {mailColumns()}
          <Column source="state" label={field('state')} render={(record) => <MailStateChip state={record.state} />} />
          <Column source="attempts" label={field('attempts')} disableSort />
          <Column
            source="message_id"
            label={field('message_id')}
            disableSort
            render={(record) => <OneLineText text={record.message_id ?? ''} />}
          />
          <Column
            source="last_error"
            label={field('last_error')}
            disableSort
            render={(record) => <OneLineText text={record.last_error ?? ''} />}
          />
        </DataTable>
      )}
    </List>
  );
};

export default MailLogList;
