import FolderIcon from '@mui/icons-material/Folder';
import { lazy } from 'react';
import { FILES_RESOURCE } from '../../dataProviders/files';
import type { PanelArea } from '../../registry/types';
import { SEARCH_PATH } from './paths';

/** The file search (Filebucket > Search files), loaded on demand; on the dashboard, the files stored and their size. */
const files: PanelArea = {
  resources: [
    {
      name: FILES_RESOURCE,
      permission: 'files:read',
      icon: FolderIcon,
      screens: [
        {
          path: SEARCH_PATH,
          component: lazy(() => import('./FileSearch')),
          menu: { label: 'caredesk.files.menu.search', group: 'caredesk.files.menu.filebucket' },
        },
      ],
    },
  ],
  figures: { component: lazy(() => import('./FileFigures')), order: 2 },
};

export default files;
