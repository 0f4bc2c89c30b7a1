import { DataTable } from 'react-admin';
import type { FailedEntry } from '../../dataProviders/mail/wire';
import { MAIL_RESOURCES } from '../../dataProviders/mail';
import type { MailItemRecord } from '../../dataProviders/mail/records';
import { mailCard, mailColumns } from './mailColumns';
import { MailList } from './MailList';
import { FAILED_CSV_COLUMNS } from './csv';
import { RequeueButton } from './RequeueButton';

const Column = DataTable.Col<MailItemRecord<FailedEntry>>;

/** /mailman/failed-permanently/ (Failed Deliveries): selected items can be requeued. */
const FailedList = () => (
  <MailList
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
    <Column source="error_message" label="caredesk.mail.fields.error_message" />
    <Column source="attempts" label="caredesk.mail.fields.attempts" />
  </MailList>
);

export default FailedList;
