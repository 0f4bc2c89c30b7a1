import { DataTable } from 'react-admin';
import { MAIL_RESOURCES, type MailItemRecord, type QueueEntry } from '../../dataProviders/mail';
import { mailColumns } from './mailColumns';
import { MailList } from './MailList';

const Column = DataTable.Col<MailItemRecord<QueueEntry>>;

/** /mailman/queue/: queued mails (including those in flight), newest requested first. */
const QueueList = () => (
  <MailList
    resource={MAIL_RESOURCES.queue}
    title="caredesk.mail.menu.queue"
    sort={{ field: 'requested_time', order: 'DESC' }}
    emptyMessage="caredesk.mail.empty.queue"
  >
    {mailColumns()}
    <Column source="attempt" label="caredesk.mail.fields.attempt" />
  </MailList>
);

export default QueueList;
