import { DataTable } from 'react-admin';
import { MAIL_RESOURCES } from '../../dataProviders/mail';
import type { asQueueEntry } from '../../dataProviders/mail/logRecords';
import { MAIL_COLUMNS_GIVE_WAY, mailCard, mailColumns } from './mailColumns';
import { MailList } from './MailList';
import { QUEUE_CSV_COLUMNS } from './csv';

const Column = DataTable.Col<ReturnType<typeof asQueueEntry>>;

/** /mailman/queue/: queued mails (including those in flight), newest requested first. */
const QueueList = () => (
  <MailList
    rowsAreMails
    resource={MAIL_RESOURCES.queue}
    title="caredesk.mail.menu.queue"
    sort={{ field: 'requested_time', order: 'DESC' }}
    emptyMessage="caredesk.mail.empty.queue"
    exportColumns={QUEUE_CSV_COLUMNS}
    exportFileName="caredesk.mail.export.file_name.queue"
    giveWay={MAIL_COLUMNS_GIVE_WAY}
    card={mailCard()}
  >
    {mailColumns()}
    <Column source="attempt" disableSort label="caredesk.mail.fields.attempt" />
  </MailList>
);

export default QueueList;
