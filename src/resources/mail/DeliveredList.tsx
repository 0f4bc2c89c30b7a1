import { DataTable } from 'react-admin';
import { MAIL_RESOURCES } from '../../dataProviders/mail';
import type { asDeliveredEntry } from '../../dataProviders/mail/logRecords';
import { mailColumns } from './mailColumns';
import { MailList } from './MailList';
import { MailTimestamp } from './MailTimestamp';
import { RefusedRecipientsField } from './RefusedRecipientsField';

const Column = DataTable.Col<ReturnType<typeof asDeliveredEntry>>;

/** /mailman/delivered/: delivered mails, newest delivered first; a mail some of whose recipients were refused is marked. */
const DeliveredList = () => (
  <MailList
    resource={MAIL_RESOURCES.delivered}
    title="caredesk.mail.menu.delivered"
    sort={{ field: 'requested_time', order: 'DESC' }}
    emptyMessage="caredesk.mail.empty.delivered"
  >
    {mailColumns()}
    <Column source="delivered" disableSort label="caredesk.mail.fields.delivered" render={(record) => <MailTimestamp value={record.delivered} />} />
    <Column
      source="refused"
      label="caredesk.mail.fields.refused"
      disableSort
      render={(record) => <RefusedRecipientsField refused={record.refused} />}
    />
  </MailList>
);

export default DeliveredList;
