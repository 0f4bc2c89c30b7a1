import { SelectInput, TextInput } from 'react-admin';
import { MAIL_RESOURCES } from '../../dataProviders/mail';
import { MailEditor } from './MailEditor';
import { mailPaths } from './paths';
import { SECURITY_CHOICES } from './securityChoices';
import { hostValidators, portValidators, providerNameValidators, requiredField } from './validators';

const providerTitles = {
  add: 'caredesk.mail.editor.add_provider',
  edit: 'caredesk.mail.editor.edit_provider',
  nameOf: (record: Record<string, unknown>) => String(record.name ?? ''),
};

/** /mailman/providers/add/ and /mailman/providers/{uid}/: Name, Host, Port, Security. */
const ProviderEditor = () => (
  <MailEditor
    resource={MAIL_RESOURCES.providers}
    listPath={mailPaths.providers}
    savedMessage="caredesk.mail.editor.provider_saved"
    titles={providerTitles}
  >
    <TextInput source="name" label="caredesk.mail.fields.name" validate={providerNameValidators} />
    <TextInput source="host" label="caredesk.mail.fields.host" validate={hostValidators} />
    <TextInput source="port" label="caredesk.mail.fields.port" validate={portValidators} inputProps={{ inputMode: 'numeric' }} />
    <SelectInput source="security" label="caredesk.mail.fields.security" choices={SECURITY_CHOICES} validate={requiredField} />
  </MailEditor>
);

export default ProviderEditor;
