import type { Static } from '@sinclair/typebox';
import type { AccountInput, ProviderInput } from '../../../contracts/mail';
import type { MailSecurity } from './wire';

/** Form values of the account editor. */
export interface AccountFormValues {
  expression?: string;
  providerUid?: string;
  authentication?: boolean;
  credentials_changed?: boolean;
  username?: string | null;
  password?: string | null;
  disabled?: boolean;
}

/** Form values of the provider editor (the port input is text). */
export interface ProviderFormValues {
  name?: string;
  host?: string;
  port?: string | number | null;
  security?: MailSecurity;
  disabled?: boolean;
}

/** The ProviderInput body: trimmed texts, the port as an integer. */
export function toProviderInput(values: ProviderFormValues): Partial<Static<typeof ProviderInput>> {
  return {
    name: String(values.name ?? '').trim(),
    host: String(values.host ?? '').trim(),
    port: Number(String(values.port ?? '').trim()),
    security: values.security,
    disabled: !!values.disabled,
  };
}

/**
 * The AccountInput body. `hadCredentials` says whether the stored account has credentials (false on create).
 * Credentials count as changed when the checkbox differs from the stored state, or when 'Edit Credentials' was
 * pressed; on create they are always taken as given.
 */
export function toAccountInput(
  values: AccountFormValues,
  hadCredentials: boolean,
  isCreate: boolean,
): Static<typeof AccountInput> {
  const authentication = !!values.authentication;
  const changed = isCreate || authentication !== hadCredentials || (authentication && !!values.credentials_changed);
  const credentials =
    authentication && changed
      ? { username: String(values.username ?? '').trim(), password: String(values.password ?? '') }
      : null;
  return {
    expression: String(values.expression ?? ''),
    provider: { uid: String(values.providerUid ?? '') },
    credentials,
    credentials_changed: changed,
    disabled: !!values.disabled,
  };
}
