import { useTranslate } from 'react-admin';
import { FigureCard, FigureLink } from '../../common/figures/FigureCard';
import { useCountFormat, useStatistics } from '../../common/figures/useStatistics';
import { usersPaths } from './paths';

/**
 * Users locked out by sign-in throttling, and users whose roles require a second factor they have not set up, each linking to
 * the users list (which marks them with a chip; it has no filter for them). The second figure shows only where the service
 * counts it.
 */
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
      {data?.missing_second_factor !== undefined && (
        <FigureLink
          label={translate('caredesk.statistics.users.missing_second_factor')}
          value={format(data.missing_second_factor)}
          to={usersPaths.list}
          emphasis={data.missing_second_factor > 0}
        />
      )}
    </FigureCard>
  );
};

export default UserFigures;
