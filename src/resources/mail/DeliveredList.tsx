import { DataTable } from 'react-admin';
import { MAIL_RESOURCES } from '../../dataProviders/mail';
import type { asDeliveredEntry } from '../../dataProviders/mail/logRecords';
import { MAIL_COLUMNS_GIVE_WAY, mailCard, mailColumns } from './mailColumns';
import { MailList } from './MailList';
import { DELIVERED_CSV_COLUMNS } from './csv';
import { MailTimestamp } from './MailTimestamp';
import { RefusedRecipientsField } from './RefusedRecipientsField';

const Column = DataTable.Col<ReturnType<typeof asDeliveredEntry>>;

/** /mailman/delivered/: delivered mails, newest delivered first; a mail some of whose recipients were refused is marked. */
const DeliveredList = () => (
  <MailList
    rowsAreMails
    resource={MAIL_RESOURCES.delivered}
    title="caredesk.mail.menu.delivered"
    sort={{ field: 'requested_time', order: 'DESC' }}
    emptyMessage="caredesk.mail.empty.delivered"
    exportColumns={DELIVERED_CSV_COLUMNS}
    exportFileName="caredesk.mail.export.file_name.delivered"
    giveWay={MAIL_COLUMNS_GIVE_WAY}
    card={{
      ...mailCard<ReturnType<typeof asDeliveredEntry>>(),
      actions: (record) => <RefusedRecipientsField refused={record.refused} />,
    }}
  >
    {mailColumns()}
    <Column
      source="delivered"
      disableSort
      label="caredesk.mail.fields.delivered"
      render={(record) => <MailTimestamp value={record.delivered} />}
    />
    <Column
      source="refused"
      label="caredesk.mail.fields.refused"
      disableSort
      render={(record) => <RefusedRecipientsField refused={record.refused} />}
    />
  </MailList>
);

export default DeliveredList;
