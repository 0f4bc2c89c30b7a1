import { API_TOKEN_RESOURCES } from '../../dataProviders/apiTokens';
import { ApiTokenList } from './ApiTokenList';

/** /pricing/api-keys/ */
const PricingApiTokens = () => (
  <ApiTokenList resource={API_TOKEN_RESOURCES.pricing} title="caredesk.files.tokens.title_pricing" />
);

export default PricingApiTokens;
