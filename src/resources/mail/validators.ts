import { minLength, required, type Validator } from 'react-admin';

/** Minimum length of provider names and hosts (as the mail service checks them). */
const MIN_PROVIDER_TEXT_LENGTH = 4;

export const requiredField = required('caredesk.validation.required');
const minProviderLength = minLength(MIN_PROVIDER_TEXT_LENGTH, 'caredesk.validation.min_length');

/** Digits only ('Number required'); an empty value is left to `requiredField`. */
const numberRequired: Validator = (value: unknown) => {
  if (value === null || value === undefined || value === '') return undefined;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d+$/.test(text) ? undefined : 'caredesk.mail.validation.number';
};

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** A plain address like name@example.org. */
export const isEmail = (value: string): boolean => EMAIL.test(value.trim());

export const providerNameValidators = [requiredField, minProviderLength];
export const hostValidators = [requiredField, minProviderLength];
export const portValidators = [requiredField, numberRequired];
