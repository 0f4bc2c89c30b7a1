import { DataTable, useTranslate } from 'react-admin';
import type { AccountRecord } from '../../dataProviders/mail/records';
import { MAIL_RESOURCES } from '../../dataProviders/mail';
import { AddLinkButton } from './AddLinkButton';
import { DisabledChip } from './DisabledChip';
import { EditLinkButton } from './EditLinkButton';
import { ACCOUNT_CSV_COLUMNS } from './csv';
import { MailList } from './MailList';
import { mailPaths } from './paths';
import { SendTestMailButton } from './SendTestMailButton';

const Column = DataTable.Col<AccountRecord>;

const CredentialsField = ({ record }: { record: AccountRecord }) => {
  const translate = useTranslate();
  return <span>{record.credentials ? record.credentials.username : translate('caredesk.mail.fields.no_credentials')}</span>;
};

const AccountStatus = ({ record }: { record: AccountRecord }) => <DisabledChip disabled={record.disabled} providerDisabled={record.provider?.disabled} />;

const AccountActions = ({ record }: { record: AccountRecord }) => (
  <>
    <EditLinkButton to={mailPaths.editAccount(record.id)} what={record.expression} />
    <SendTestMailButton account={record} iconOnly />
  </>
);

/** /mailman/accounts/: in matching order (the service's); expression, provider, username, whether it is disabled (or its provider) and per-row actions. */
const AccountList = () => (
  <MailList
    resource={MAIL_RESOURCES.accounts}
    title="caredesk.mail.menu.accounts"
    actions={<AddLinkButton to={mailPaths.addAccount} />}
    emptyMessage="caredesk.mail.empty.accounts"
    emptyAction={<AddLinkButton to={mailPaths.addAccount} />}
    exportColumns={ACCOUNT_CSV_COLUMNS}
    exportFileName="caredesk.mail.export.file_name.accounts"
    card={{
      primary: (record) => <code>{record.expression}</code>,
      secondary: (record) => (record.provider ? `${record.provider.name} (${record.provider.host})` : ''),
      tertiary: (record) => (
        <>
          <CredentialsField record={record} /> <AccountStatus record={record} />
        </>
      ),
      actions: (record) => <AccountActions record={record} />,
    }}
  >
    <Column source="expression" label="caredesk.mail.fields.expression" render={(record) => <code>{record.expression}</code>} />
    <Column
      source="providerLabel"
      label="caredesk.mail.fields.provider"
      render={(record) => (record.provider ? `${record.provider.name} (${record.provider.host})` : '')}
    />
    <Column source="username" label="caredesk.mail.fields.credentials" render={(record) => <CredentialsField record={record} />} />
    <Column source="disabled" label="caredesk.mail.fields.status" render={(record) => <AccountStatus record={record} />} />
    <Column
      label="caredesk.mail.list.actions"
      disableSort
      render={(record) => <AccountActions record={record} />}
    />
  </MailList>
);

export default AccountList;
