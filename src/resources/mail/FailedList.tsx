import { DataTable } from 'react-admin';
import { MAIL_RESOURCES } from '../../dataProviders/mail';
import type { asFailedEntry } from '../../dataProviders/mail/logRecords';
import { mailCard, mailColumns } from './mailColumns';
import { MailList } from './MailList';
import { FAILED_CSV_COLUMNS } from './csv';
import { RequeueButton } from './RequeueButton';

const Column = DataTable.Col<ReturnType<typeof asFailedEntry>>;

/** /mailman/failed-permanently/ (Failed Deliveries): selected items can be requeued. */
const FailedList = () => (
  <MailList
    rowsAreMails
    resource={MAIL_RESOURCES.failed}
    title="caredesk.mail.menu.failed"
    sort={{ field: 'requested_time', order: 'DESC' }}
    actions={<RequeueButton />}
    emptyMessage="caredesk.mail.empty.failed"
    selectable
    exportColumns={FAILED_CSV_COLUMNS}
    exportFileName="caredesk.mail.export.file_name.failed"
    card={mailCard()}
  >
    {mailColumns()}
    <Column source="error_message" disableSort label="caredesk.mail.fields.error_message" />
    <Column source="attempts" disableSort label="caredesk.mail.fields.attempts" />
  </MailList>
);

export default FailedList;
