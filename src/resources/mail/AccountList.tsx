import { Box } from '@mui/material';
import { DataTable, useTranslate } from 'react-admin';
import { OneLineText } from '../../common/OneLineText';
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

const credentialsText = (record: AccountRecord, translate: (key: string) => string) =>
  record.credentials ? record.credentials.username : translate('caredesk.mail.fields.no_credentials');

const CredentialsField = ({ record }: { record: AccountRecord }) => (
  <span>{credentialsText(record, useTranslate())}</span>
);

const OneLineCredentials = ({ record }: { record: AccountRecord }) => (
  <OneLineText text={credentialsText(record, useTranslate())} />
);

/** The expression in one line of the table, as code. */
const OneLineExpression = ({ expression }: { expression: string }) => (
  <Box component="code" sx={{ display: 'block' }}>
    <OneLineText text={expression} />
  </Box>
);

const providerText = (record: AccountRecord) =>
  record.provider ? `${record.provider.name} (${record.provider.host})` : '';

const AccountStatus = ({ record }: { record: AccountRecord }) => (
  <DisabledChip disabled={record.disabled} providerDisabled={record.provider?.disabled} />
);

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
    giveWay={{ expression: '30%', providerLabel: '25%', username: '18%' }}
    exportColumns={ACCOUNT_CSV_COLUMNS}
    exportFileName="caredesk.mail.export.file_name.accounts"
    card={{
      primary: (record) => <code>{record.expression}</code>,
      secondary: providerText,
      tertiary: (record) => (
        <>
          <CredentialsField record={record} /> <AccountStatus record={record} />
        </>
      ),
      actions: (record) => <AccountActions record={record} />,
    }}
  >
    <Column
      source="expression"
      label="caredesk.mail.fields.expression"
      render={(record) => <OneLineExpression expression={record.expression} />}
    />
    <Column
      source="providerLabel"
      label="caredesk.mail.fields.provider"
      render={(record) => <OneLineText text={providerText(record)} />}
    />
    <Column
      source="username"
      label="caredesk.mail.fields.credentials"
      render={(record) => <OneLineCredentials record={record} />}
    />
    <Column
      source="disabled"
      label="caredesk.mail.fields.status"
      render={(record) => <AccountStatus record={record} />}
    />
    <Column label="caredesk.mail.list.actions" disableSort render={(record) => <AccountActions record={record} />} />
  </MailList>
);

export default AccountList;
