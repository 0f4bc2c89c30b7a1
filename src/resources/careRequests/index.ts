import AssignmentIcon from '@mui/icons-material/Assignment';
import PostAddIcon from '@mui/icons-material/PostAdd';
import { lazy } from 'react';
import { carePaths } from './shared/paths';

/**
 * The care-request area (spec care-requests.md): custom routes inside the layout (not react-admin resources, so the
 * paths are exactly the spec's), loaded on demand.
 */
const careRequests = {
  paths: carePaths,
  create: lazy(() => import('./create/CareRequestCreate')),
  incoming: lazy(() => import('./incoming/IncomingCareRequestList')),
  createIcon: PostAddIcon,
  incomingIcon: AssignmentIcon,
};

export default careRequests;
