import { useTranslate } from 'react-admin';
import { FigureCard, FigureLink } from '../../common/figures/FigureCard';
import { useCountFormat, useStatistics } from '../../common/figures/useStatistics';
import { FILES_PATH, PRICING_PATH } from './paths';

const EXPIRING_WITHIN_DAYS = 14;

/** API tokens of the file and the pricing service expiring within 14 days, each linking to its tokens screen. */
const TokenFigures = () => {
  const translate = useTranslate();
  const format = useCountFormat();
  const files = useStatistics('fileTokens');
  const pricing = useStatistics('pricingTokens');
  if (!files.allowed) return null;
  const days = files.data?.within_days ?? EXPIRING_WITHIN_DAYS;
  return (
    <FigureCard title={translate('caredesk.statistics.tokens.title', { days })} error={files.error ?? pricing.error}>
      <FigureLink
        label={translate('caredesk.statistics.tokens.files')}
        value={files.data && format(files.data.expiring)}
        to={FILES_PATH}
        emphasis={!!files.data?.expiring}
      />
      <FigureLink
        label={translate('caredesk.statistics.tokens.pricing')}
        value={pricing.data && format(pricing.data.expiring)}
        to={PRICING_PATH}
        emphasis={!!pricing.data?.expiring}
      />
    </FigureCard>
  );
};

export default TokenFigures;
