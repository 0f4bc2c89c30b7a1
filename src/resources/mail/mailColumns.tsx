import { DataTable } from 'react-admin';
import type { Mail } from '../../dataProviders/mail/wire';
import { MailLink } from './MailLink';
import { MailTimestamp } from './MailTimestamp';
import type { MailCard } from './MailList';
import { RecipientField } from './RecipientField';

type MailItem = { id: string; mail: Mail; requested_time: number; sender: string; subject: string };
const Column = DataTable.Col<MailItem>;

/**
 * The columns every mail list shares: requested time, sender, recipient (first plus '[+n]') and subject, which links
 * to the mail's detail. The service sorts by requested time, sender and subject.
 */
export const mailColumns = () => [
  <Column
    key="requested_time"
    source="requested_time"
    label="caredesk.mail.fields.requested"
    render={(record) => <MailTimestamp value={record.requested_time} />}
  />,
  <Column key="sender" source="sender" label="caredesk.mail.fields.sender" />,
  <Column key="recipient" source="recipients" label="caredesk.mail.fields.recipient" disableSort render={(record) => <RecipientField mail={record.mail} />} />,
  <Column key="subject" source="subject" label="caredesk.mail.fields.subject" render={(record) => <MailLink uid={record.id} subject={record.subject} />} />,
];

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
