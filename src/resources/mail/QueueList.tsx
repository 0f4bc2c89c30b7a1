import { DataTable } from 'react-admin';
import { MAIL_RESOURCES } from '../../dataProviders/mail';
import type { MailItemRecord } from '../../dataProviders/mail/records';
import type { QueueEntry } from '../../dataProviders/mail/wire';
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
