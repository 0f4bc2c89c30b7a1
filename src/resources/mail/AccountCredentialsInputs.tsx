import KeyIcon from '@mui/icons-material/Key';
import { Typography } from '@mui/material';
import { Button, PasswordInput, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { AccountRecord } from '../../dataProviders/mail/records';
import { CheckboxInput } from './CheckboxInput';
import { requiredField } from './validators';

/**
 * 'Authentication required', then either the stored credentials with an 'Edit Credentials' button, or Username and
 * Password (both required) once credentials are being changed: on create, when the box is ticked on an account
 * without credentials, or after 'Edit Credentials'. Unticking removes stored credentials on save.
 */
export const AccountCredentialsInputs = () => {
  const record = useRecordContext<AccountRecord>();
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const authentication = !!useWatch({ name: 'authentication' });
  const editing = !!useWatch({ name: 'credentials_changed' });
  const stored = record?.credentials ?? null;
  const showInputs = authentication && (!stored || editing);

  return (
    <>
      <CheckboxInput source="authentication" label="caredesk.mail.fields.authentication" />
      {authentication && stored && !editing ? (
        <>
          <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            {translate('caredesk.mail.editor.stored_credentials', { username: stored.username })}
          </Typography>
          <Button
            label="caredesk.mail.editor.edit_credentials"
            variant="outlined"
            onClick={() => setValue('credentials_changed', true, { shouldDirty: true, shouldValidate: true })}
          >
            <KeyIcon />
          </Button>
        </>
      ) : null}
      {showInputs ? (
        <>
          <TextInput
            source="username"
            label="caredesk.mail.fields.username"
            validate={requiredField}
            autoComplete="off"
          />
          <PasswordInput
            source="password"
            label="caredesk.mail.fields.password"
            validate={requiredField}
            autoComplete="new-password"
          />
        </>
      ) : null}
    </>
  );
};
