import { DataTable } from 'react-admin';
import type { Mail } from '../../dataProviders/mail/wire';
import { OneLineText } from '../../common/OneLineText';
import type { ColumnShare } from '../../common/oneLineTable';
import { OneLineMailLink } from './MailLink';
import { MailTimestamp } from './MailTimestamp';
import type { MailCard } from './MailList';
import { OneLineRecipients, RecipientField } from './RecipientField';

type MailItem = { id: string; mail: Mail; requested_time: number; sender: string; subject: string };
const Column = DataTable.Col<MailItem>;

/**
 * The columns every mail list shares: requested time, sender, recipient (first plus '[+n]') and subject, which links
 * to the mail's detail. The service sorts by requested time, sender and subject. Addresses and subject give way
 * (`MAIL_COLUMNS_GIVE_WAY`), each in one line with the whole value on hover and focus.
 */
export const mailColumns = () => [
  <Column
    key="requested_time"
    source="requested_time"
    label="caredesk.mail.fields.requested"
    render={(record) => <MailTimestamp value={record.requested_time} />}
  />,
  <Column
    key="sender"
    source="sender"
    label="caredesk.mail.fields.sender"
    render={(record) => <OneLineText text={record.sender} />}
  />,
  <Column
    key="recipient"
    source="recipients"
    label="caredesk.mail.fields.recipient"
    disableSort
    render={(record) => <OneLineRecipients mail={record.mail} />}
  />,
  <Column
    key="subject"
    source="subject"
    label="caredesk.mail.fields.subject"
    render={(record) => <OneLineMailLink uid={record.id} subject={record.subject} />}
  />,
];

/** The shares of the width that the shared columns give way to; the subject, which names the mail, has the most. */
export const MAIL_COLUMNS_GIVE_WAY: Record<string, ColumnShare> = { sender: '14%', recipients: '14%', subject: '22%' };

/** A mail's card on a phone: subject, sender → first recipient, requested time. */
export const mailCard = <T extends Pick<MailItem, 'mail' | 'requested_time'>>(): MailCard<T> => ({
  primary: (record) => record.mail.subject,
  secondary: (record) => (
    <>
      {record.mail.sender} → <RecipientField mail={record.mail} />
    </>
  ),
  tertiary: (record) => <MailTimestamp value={record.requested_time} />,
});
