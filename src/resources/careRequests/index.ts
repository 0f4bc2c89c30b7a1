import AssignmentIcon from '@mui/icons-material/Assignment';
import PostAddIcon from '@mui/icons-material/PostAdd';
import { lazy } from 'react';
import { CARE_REQUEST_RESOURCES } from '../../dataProviders/careRequests';
import type { PanelArea } from '../../registry/types';
import { carePaths } from './shared/paths';

/**
 * The care-request area: the incoming list (Archive > Care Requests) with the archived request behind each row, and
 * the create stepper (Customers > Create Care Request), on their own paths and loaded on demand.
 */
const careRequests: PanelArea = {
  resources: [
    { name: CARE_REQUEST_RESOURCES.incoming, icon: AssignmentIcon },
    { name: CARE_REQUEST_RESOURCES.archived, icon: AssignmentIcon },
  ],
  routes: [
    { path: carePaths.incoming, component: lazy(() => import('./incoming/IncomingCareRequestList')) },
    { path: carePaths.create, component: lazy(() => import('./create/CareRequestCreate')) },
  ],
  menu: [
    { to: carePaths.incoming, label: 'caredesk.care.menu.care_requests', icon: AssignmentIcon, group: 'caredesk.care.menu.archive' },
    { to: carePaths.create, label: 'caredesk.care.menu.create_care_request', icon: PostAddIcon, group: 'caredesk.care.menu.customers' },
  ],
};

export default careRequests;
