import { FILE_TOKENS_RESOURCE } from '../../dataProviders/files';
import { ApiTokenList } from './ApiTokenList';

/** /filebucket/api-keys/ */
const FilebucketApiKeys = () => <ApiTokenList resource={FILE_TOKENS_RESOURCE} title="caredesk.files.tokens.title_files" />;

export default FilebucketApiKeys;
