import { PRICING_TOKENS_RESOURCE } from '../../dataProviders/pricing';
import { ApiTokenList } from './ApiTokenList';

/** /pricing/api-keys/ */
const PricingApiKeys = () => <ApiTokenList resource={PRICING_TOKENS_RESOURCE} title="caredesk.files.tokens.title_pricing" />;

export default PricingApiKeys;
