import { minLength, required, type Validator } from 'react-admin';

/** Minimum lengths of the user forms (docs/panel.md). */
const MIN_NAME_LENGTH = 4;
const MIN_PASSWORD_LENGTH = 7;

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

const requiredField = required('caredesk.validation.required');
export const minNameLength = minLength(MIN_NAME_LENGTH, 'caredesk.validation.min_length');
const minPasswordLength = minLength(MIN_PASSWORD_LENGTH, 'caredesk.validation.min_length');

/** The confirmation must equal the password field (both empty counts as equal). */
const matchesPassword =
  (passwordSource = 'password'): Validator =>
  (value: unknown, values: Record<string, unknown>) => {
    const password = values?.[passwordSource];
    if (isBlank(password) && isBlank(value)) return undefined;
    return password === value ? undefined : 'caredesk.validation.password_mismatch';
  };

/** At least one role. */
export const requiredRoles: Validator = (value: unknown) =>
  Array.isArray(value) && value.length > 0 ? undefined : 'caredesk.validation.roles_required';

export const nameValidators = [requiredField, minNameLength];
export const usernameValidators = [requiredField, minNameLength];
export const newPasswordValidators = [requiredField, minPasswordLength];
export const confirmationValidators = [requiredField, matchesPassword()];
/** Edit: the password is optional (empty keeps the current one). */
export const optionalPasswordValidators = [minPasswordLength];
export const optionalConfirmationValidators = [matchesPassword()];
