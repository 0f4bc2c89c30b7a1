import { BooleanInput, TextInput, useRecordContext } from 'react-admin';
import type { AccountRecord } from '../../dataProviders/mail/records';
import { MAIL_RESOURCES } from '../../dataProviders/mail';
import { AccountCredentialsInputs } from './AccountCredentialsInputs';
import { DeleteButton } from './DeleteButton';
import { MailEditor } from './MailEditor';
import { mailPaths } from './paths';
import { ProviderSelectInput } from './ProviderSelectInput';
import { SendTestMailButton } from './SendTestMailButton';
import { requiredField } from './validators';

const accountTitles = {
  add: 'caredesk.mail.editor.add_account',
  edit: 'caredesk.mail.editor.edit_account',
  nameOf: (record: Record<string, unknown>) => (typeof record.expression === 'string' ? record.expression : ''),
};

/** The test-mail action of a stored account (not while adding one). */
const TestMailAction = () => {
  const record = useRecordContext<AccountRecord>();
  return record?.id ? <SendTestMailButton account={record} /> : null;
};

const AccountEditorActions = () => (
  <>
    <TestMailAction />
    <DeleteButton
      resource={MAIL_RESOURCES.accounts}
      listPath={mailPaths.accounts}
      texts={{
        title: 'caredesk.mail.editor.delete_account_title',
        message: 'caredesk.mail.editor.delete_account_message',
        deleted: 'caredesk.mail.editor.account_deleted',
      }}
      nameOf={(record) => String(record.expression ?? '')}
    />
  </>
);

/**
 * /mailman/accounts/add/ and /mailman/accounts/{uid}/: Regular Expression, Provider, 'Authentication required' and
 * the credentials, Disabled; Delete for a stored account. The data provider sends the contract's AccountInput with credentials_changed,
 * and puts an invalid expression's problem on the Expression field.
 */
const AccountEditor = () => (
  <MailEditor
    resource={MAIL_RESOURCES.accounts}
    listPath={mailPaths.accounts}
    savedMessage="caredesk.mail.editor.account_saved"
    actions={<AccountEditorActions />}
    titles={accountTitles}
  >
    <TextInput source="expression" label="caredesk.mail.fields.expression" validate={requiredField} />
    <ProviderSelectInput />
    <AccountCredentialsInputs />
    <BooleanInput
      source="disabled"
      label="caredesk.mail.fields.disabled"
      helperText="caredesk.mail.editor.account_disabled_help"
    />
  </MailEditor>
);

export default AccountEditor;
