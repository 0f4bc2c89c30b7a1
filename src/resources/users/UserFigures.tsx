import { useTranslate } from 'react-admin';
import { FigureCard, FigureLink } from '../../common/figures/FigureCard';
import { useCountFormat, useStatistics } from '../../common/figures/useStatistics';
import { usersPaths } from './paths';

/** Users locked out by sign-in throttling, linking to the users list (which marks them; it has no filter for them). */
const UserFigures = () => {
  const translate = useTranslate();
  const format = useCountFormat();
  const { allowed, data, error } = useStatistics('users');
  if (!allowed) return null;
  return (
    <FigureCard title={translate('caredesk.statistics.users.title')} error={error}>
      <FigureLink
        label={translate('caredesk.statistics.users.locked')}
        value={data && format(data.locked_users)}
        to={usersPaths.list}
        emphasis={!!data?.locked_users}
      />
    </FigureCard>
  );
};

export default UserFigures;
