import { PasswordInput, TextInput, useRecordContext, type Validator } from 'react-admin';
import type { UserRecord } from '../../dataProviders/users';
import {
  minNameLength,
  optionalConfirmationValidators,
  optionalPasswordValidators,
  usernameValidators,
} from './validators';

/** A user who has no password authentication yet needs a username only together with a new password. */
const requiredWithPassword: Validator = (value: unknown, values: Record<string, unknown>) =>
  (value === null || value === undefined || value === '') && values?.password
    ? 'caredesk.validation.required'
    : undefined;

/** The 'Authentication' tab of the edit form: username, new password (empty keeps the current one) and confirmation. */
export const AuthenticationInputs = () => {
  const record = useRecordContext<UserRecord>();
  const hasPassword = record?.username != null;
  return (
    <>
      <TextInput
        source="username"
        validate={hasPassword ? usernameValidators : [minNameLength, requiredWithPassword]}
        autoComplete="off"
      />
      <PasswordInput
        source="password"
        label="resources.users.fields.new_password"
        validate={optionalPasswordValidators}
        helperText="resources.users.edit.keep_password"
        autoComplete="new-password"
      />
      <PasswordInput source="confirmation" validate={optionalConfirmationValidators} autoComplete="new-password" />
    </>
  );
};
