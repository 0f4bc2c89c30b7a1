import { DataTable } from 'react-admin';
import { useCan } from '../../common/permissions';
import { useIsPhone } from '../../common/useIsPhone';
import { MAIL_RESOURCES } from '../../dataProviders/mail';
import type { asRetryingEntry } from '../../dataProviders/mail/logRecords';
import { OneLineText } from '../../common/OneLineText';
import { MAIL_COLUMNS_GIVE_WAY, mailCard, mailColumns } from './mailColumns';
import { MailList } from './MailList';
import { RETRY_CSV_COLUMNS } from './csv';
import { MailTimestamp } from './MailTimestamp';
import { RetryNowButton, RetryNowRowButton } from './RetryNowButton';

type RetryingEntry = ReturnType<typeof asRetryingEntry>;
const Column = DataTable.Col<RetryingEntry>;

const RowRetryNow = ({ record }: { record: RetryingEntry }) => (
  <RetryNowRowButton id={record.id} subject={record.mail.subject} />
);

/**
 * /mailman/failed-temporarily/ (Delivery Retries): the error of the last attempt and when the next one is due. Retry now makes
 * mails due at once: the selected rows (toolbar), one row, or on a phone, whose cards cannot be selected, one card.
 */
const RetryList = () => {
  const phone = useIsPhone();
  const canManage = useCan('mail:manage');
  return (
    <MailList
      rowsAreMails
      resource={MAIL_RESOURCES.retries}
      title="caredesk.mail.menu.retries"
      sort={{ field: 'requested_time', order: 'DESC' }}
      actions={phone ? undefined : <RetryNowButton />}
      emptyMessage="caredesk.mail.empty.retries"
      selectable
      exportColumns={RETRY_CSV_COLUMNS}
      exportFileName="caredesk.mail.export.file_name.retries"
      // the error, the recipient and when the next attempt is due tell what goes on: the sender is shown through Columns
      hiddenColumns={['sender']}
      giveWay={{ ...MAIL_COLUMNS_GIVE_WAY, error_message: '26%' }}
      card={{
        ...mailCard<RetryingEntry>(),
        actions: canManage ? (record) => <RowRetryNow record={record} /> : undefined,
      }}
    >
      {mailColumns()}
      <Column source="attempt" disableSort label="caredesk.mail.fields.attempt" />
      <Column
        source="error_message"
        disableSort
        label="caredesk.mail.fields.error_message"
        render={(record) => <OneLineText text={record.error_message} />}
      />
      <Column
        source="next_attempt"
        disableSort
        label="caredesk.mail.fields.next_attempt"
        render={(record) => <MailTimestamp value={record.next_attempt} />}
      />
      {canManage && (
        <Column label="caredesk.mail.list.actions" disableSort render={(record) => <RowRetryNow record={record} />} />
      )}
    </MailList>
  );
};

export default RetryList;
