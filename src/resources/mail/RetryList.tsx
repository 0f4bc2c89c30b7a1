import { DataTable } from 'react-admin';
import { MAIL_RESOURCES } from '../../dataProviders/mail';
import type { MailItemRecord } from '../../dataProviders/mail/records';
import type { RetryingEntry } from '../../dataProviders/mail/wire';
import { mailCard, mailColumns } from './mailColumns';
import { MailList } from './MailList';
import { RETRY_CSV_COLUMNS } from './csv';
import { MailTimestamp } from './MailTimestamp';

const Column = DataTable.Col<MailItemRecord<RetryingEntry>>;

/** /mailman/failed-temporarily/ (Delivery Retries): the error of the last attempt and when the next one is due. */
const RetryList = () => (
  <MailList
    resource={MAIL_RESOURCES.retries}
    title="caredesk.mail.menu.retries"
    sort={{ field: 'next_attempt', order: 'ASC' }}
    emptyMessage="caredesk.mail.empty.retries"
    exportColumns={RETRY_CSV_COLUMNS}
    exportFileName="caredesk.mail.export.file_name.retries"
    card={mailCard()}
  >
    {mailColumns()}
    <Column source="attempt" label="caredesk.mail.fields.attempt" />
    <Column source="error_message" label="caredesk.mail.fields.error_message" />
    <Column source="next_attempt" label="caredesk.mail.fields.next_attempt" render={(record) => <MailTimestamp value={record.next_attempt} />} />
  </MailList>
);

export default RetryList;
