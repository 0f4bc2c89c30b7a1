import { useGetManyAggregate, useTranslate } from 'react-admin';
import { OneLineText } from '../../common/OneLineText';
import type { UserRecord } from '../../dataProviders/users';

/** The user's public name from the users list (one aggregated request for all rows), or 'Unknown'; in one line of the table. */
export const CreatorField = ({ uid }: { uid: string | null }) => {
  const translate = useTranslate();
  const { data } = useGetManyAggregate<UserRecord>('users', { ids: uid ? [uid] : [] }, { enabled: !!uid });
  const user = data?.find((candidate) => candidate.id === uid);
  return <OneLineText text={user?.publicName || translate('caredesk.files.tokens.unknown')} />;
};
