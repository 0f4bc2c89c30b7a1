import FolderIcon from '@mui/icons-material/Folder';
import { lazy } from 'react';
import { filesPaths } from './paths';

/** The file search screen (route /filebucket/search/), loaded on demand. */
const files = {
  name: 'files',
  path: filesPaths.search,
  search: lazy(() => import('./FileSearch')),
  icon: FolderIcon,
};

export default files;
export { filesPaths };
