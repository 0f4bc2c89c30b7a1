import { DataTable } from 'react-admin';
import { useIsPhone } from '../../common/useIsPhone';
import { MAIL_RESOURCES } from '../../dataProviders/mail';
import type { asFailedEntry } from '../../dataProviders/mail/logRecords';
import { OneLineText } from '../../common/OneLineText';
import { MAIL_COLUMNS_GIVE_WAY, mailCard, mailColumns } from './mailColumns';
import { MailList } from './MailList';
import { FAILED_CSV_COLUMNS } from './csv';
import { RequeueButton } from './RequeueButton';

type FailedEntry = ReturnType<typeof asFailedEntry>;
const Column = DataTable.Col<FailedEntry>;

/**
 * /mailman/failed-permanently/ (Failed Deliveries): selected rows can be requeued. A phone's cards cannot be selected (a
 * card opens its mail): there Requeue is on the mail's detail, and the toolbar has none.
 */
const FailedList = () => {
  const phone = useIsPhone();
  return (
    <MailList
      rowsAreMails
      resource={MAIL_RESOURCES.failed}
      title="caredesk.mail.menu.failed"
      sort={{ field: 'requested_time', order: 'DESC' }}
      actions={phone ? undefined : <RequeueButton />}
      emptyMessage="caredesk.mail.empty.failed"
      selectable
      exportColumns={FAILED_CSV_COLUMNS}
      exportFileName="caredesk.mail.export.file_name.failed"
      giveWay={{ ...MAIL_COLUMNS_GIVE_WAY, error_message: '22%' }}
      card={mailCard()}
    >
      {mailColumns()}
      <Column
        source="error_message"
        disableSort
        label="caredesk.mail.fields.error_message"
        render={(record) => <OneLineText text={record.error_message} />}
      />
      <Column source="attempts" disableSort label="caredesk.mail.fields.attempts" />
    </MailList>
  );
};

export default FailedList;
