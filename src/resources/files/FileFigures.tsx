import { useLocaleState, useTranslate } from 'react-admin';
import { FigureCard, FigureLink } from '../../common/figures/FigureCard';
import { useCountFormat, useStatistics } from '../../common/figures/useStatistics';
import { formatSize } from './format';
import { SEARCH_PATH } from './paths';

/** Files stored and their total size (in human units), both linking to the file search. */
const FileFigures = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const format = useCountFormat();
  const { allowed, data, error } = useStatistics('files');
  if (!allowed) return null;
  return (
    <FigureCard title={translate('caredesk.statistics.files.title')} error={error}>
      <FigureLink
        label={translate('caredesk.statistics.files.stored')}
        value={data && format(data.files)}
        to={SEARCH_PATH}
      />
      <FigureLink
        label={translate('caredesk.statistics.files.size')}
        value={data && formatSize(data.total_size, locale)}
        to={SEARCH_PATH}
      />
    </FigureCard>
  );
};

export default FileFigures;
