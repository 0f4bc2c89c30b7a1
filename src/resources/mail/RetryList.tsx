import { DataTable } from 'react-admin';
import { MAIL_RESOURCES } from '../../dataProviders/mail';
import type { asRetryingEntry } from '../../dataProviders/mail/logRecords';
import { mailCard, mailColumns } from './mailColumns';
import { MailList } from './MailList';
import { RETRY_CSV_COLUMNS } from './csv';
import { MailTimestamp } from './MailTimestamp';

const Column = DataTable.Col<ReturnType<typeof asRetryingEntry>>;

/** /mailman/failed-temporarily/ (Delivery Retries): the error of the last attempt and when the next one is due. */
const RetryList = () => (
  <MailList
    rowsAreMails
    resource={MAIL_RESOURCES.retries}
    title="caredesk.mail.menu.retries"
    sort={{ field: 'requested_time', order: 'DESC' }}
    emptyMessage="caredesk.mail.empty.retries"
    exportColumns={RETRY_CSV_COLUMNS}
    exportFileName="caredesk.mail.export.file_name.retries"
    card={mailCard()}
  >
    {mailColumns()}
    <Column source="attempt" disableSort label="caredesk.mail.fields.attempt" />
    <Column source="error_message" disableSort label="caredesk.mail.fields.error_message" />
    <Column source="next_attempt" disableSort label="caredesk.mail.fields.next_attempt" render={(record) => <MailTimestamp value={record.next_attempt} />} />
  </MailList>
);

export default RetryList;
