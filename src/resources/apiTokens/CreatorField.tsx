import { useGetManyAggregate, useTranslate } from 'react-admin';

/** The user's public name from the users list (one aggregated request for all rows), or 'Unknown'. */
export const CreatorField = ({ uid }: { uid: string | null }) => {
  const translate = useTranslate();
  const { data } = useGetManyAggregate('users', { ids: uid ? [uid] : [] }, { enabled: !!uid });
  const user = data?.find((candidate) => candidate.id === uid);
  return <>{user?.publicName || translate('caredesk.files.tokens.unknown')}</>;
};
