import { useRecordContext, useTranslate } from 'react-admin';
import type { UserRecord } from '../../dataProviders/users';

export const UserEditTitle = () => {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  return <>{translate('resources.users.edit.title', { name: record?.publicName ?? '' })}</>;
};
