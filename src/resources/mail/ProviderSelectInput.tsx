import { SelectInput, useGetList, useRecordContext, useTranslate } from 'react-admin';
import { WRAPPING_SELECT } from '../../common/wrappingSelect';
import type { AccountRecord } from '../../dataProviders/mail/records';
import { MAIL_RESOURCES } from '../../dataProviders/mail';
import { requiredField } from './validators';

interface ProviderChoice {
  id: string;
  name: string;
  host: string;
  disabled?: boolean;
}

/**
 * The account's provider, chosen from the providers the service knows (form field providerUid), a disabled one marked so. While
 * they load, the account's own provider is the only choice.
 */
export const ProviderSelectInput = () => {
  const translate = useTranslate();
  const record = useRecordContext<AccountRecord>();
  const { data } = useGetList<ProviderChoice & { id: string }>(MAIL_RESOURCES.providers, {
    pagination: { page: 1, perPage: 10_000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const own: ProviderChoice[] = record?.provider ? [{ id: record.provider.uid, ...record.provider }] : [];
  const choices = data ?? own;
  const providerText = (provider: ProviderChoice) =>
    `${provider.name} (${provider.host})${provider.disabled ? ` · ${translate('caredesk.mail.status.disabled')}` : ''}`;
  return (
    <SelectInput
      source="providerUid"
      label="caredesk.mail.fields.provider"
      choices={choices}
      optionText={providerText}
      optionValue="id"
      validate={requiredField}
      // a long name and host wrap inside the field instead of widening the form past a phone's width
      sx={{ maxWidth: '100%', ...WRAPPING_SELECT }}
    />
  );
};
