import { BooleanInput, SelectInput, TextInput } from 'react-admin';
import { MAIL_RESOURCES } from '../../dataProviders/mail';
import { DeleteButton } from './DeleteButton';
import { MailEditor } from './MailEditor';
import { mailPaths } from './paths';
import { SECURITY_CHOICES } from './securityChoices';
import { hostValidators, portValidators, providerNameValidators, requiredField } from './validators';

const providerTitles = {
  add: 'caredesk.mail.editor.add_provider',
  edit: 'caredesk.mail.editor.edit_provider',
  nameOf: (record: Record<string, unknown>) => (typeof record.name === 'string' ? record.name : ''),
};

const DeleteProvider = () => (
  <DeleteButton
    resource={MAIL_RESOURCES.providers}
    listPath={mailPaths.providers}
    texts={{
      title: 'caredesk.mail.editor.delete_provider_title',
      message: 'caredesk.mail.editor.delete_provider_message',
      deleted: 'caredesk.mail.editor.provider_deleted',
    }}
    nameOf={(record) => String(record.name ?? '')}
  />
);

/** /mailman/providers/add/ and /mailman/providers/{uid}/: Name, Host, Port, Security, Disabled; Delete for a stored provider. */
const ProviderEditor = () => (
  <MailEditor
    resource={MAIL_RESOURCES.providers}
    listPath={mailPaths.providers}
    savedMessage="caredesk.mail.editor.provider_saved"
    actions={<DeleteProvider />}
    titles={providerTitles}
  >
    <TextInput source="name" label="caredesk.mail.fields.name" validate={providerNameValidators} />
    <TextInput source="host" label="caredesk.mail.fields.host" validate={hostValidators} />
    <TextInput
      source="port"
      label="caredesk.mail.fields.port"
      validate={portValidators}
      inputProps={{ inputMode: 'numeric' }}
    />
    <SelectInput
      source="security"
      label="caredesk.mail.fields.security"
      choices={SECURITY_CHOICES}
      validate={requiredField}
    />
    <BooleanInput
      source="disabled"
      label="caredesk.mail.fields.disabled"
      helperText="caredesk.mail.editor.disabled_help"
    />
  </MailEditor>
);

export default ProviderEditor;
