import { format } from 'date-fns';
import { de, enUS } from 'date-fns/locale';
import { useLocaleState, useTranslate } from 'react-admin';
import type { UserRecord } from '../../dataProviders/users';

/** The last sign-in in the panel's language (date-fns 'Pp': 03/01/2026, 10:30 AM · 01.03.2026, 10:30), or 'never'. */
export const LastSignInField = ({ record }: { record: UserRecord }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (record.lastSignIn === null) return <>{translate('resources.users.list.never')}</>;
  return <>{format(new Date(record.lastSignIn * 1000), 'Pp', { locale: locale === 'de' ? de : enUS })}</>;
};
