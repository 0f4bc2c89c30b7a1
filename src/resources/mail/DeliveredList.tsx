import { DataTable } from 'react-admin';
import { type DeliveredEntry, MAIL_RESOURCES, type MailItemRecord } from '../../dataProviders/mail';
import { mailColumns } from './mailColumns';
import { MailList } from './MailList';
import { MailTimestamp } from './MailTimestamp';

const Column = DataTable.Col<MailItemRecord<DeliveredEntry>>;

/** /mailman/delivered/: delivered mails, newest delivered first. */
const DeliveredList = () => (
  <MailList resource={MAIL_RESOURCES.delivered} title="caredesk.mail.menu.delivered" sort={{ field: 'delivered', order: 'DESC' }}>
    {mailColumns()}
    <Column source="delivered" label="caredesk.mail.fields.delivered" render={(record) => <MailTimestamp value={record.delivered} />} />
  </MailList>
);

export default DeliveredList;
