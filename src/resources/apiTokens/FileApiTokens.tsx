import { API_TOKEN_RESOURCES } from '../../dataProviders/apiTokens';
import { ApiTokenList } from './ApiTokenList';

/** /filebucket/api-keys/ */
const FileApiTokens = () => (
  <ApiTokenList resource={API_TOKEN_RESOURCES.files} title="caredesk.files.tokens.title_files" />
);

export default FileApiTokens;
