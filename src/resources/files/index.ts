import FolderIcon from '@mui/icons-material/Folder';
import { lazy } from 'react';
import { FILES_RESOURCE } from '../../dataProviders/files';
import type { PanelArea } from '../../registry/types';

export const SEARCH_PATH = '/filebucket/search/';

/** The file search (Filebucket > Search files), loaded on demand. */
const files: PanelArea = {
  resources: [{ name: FILES_RESOURCE, permission: 'files:read', icon: FolderIcon }],
  routes: [{ path: SEARCH_PATH, permission: 'files:read', component: lazy(() => import('./FileSearch')) }],
  menu: [{ to: SEARCH_PATH, permission: 'files:read', label: 'caredesk.files.menu.search', icon: FolderIcon, group: 'caredesk.files.menu.filebucket' }],
};

export default files;
