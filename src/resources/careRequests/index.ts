import AssignmentIcon from '@mui/icons-material/Assignment';
import PostAddIcon from '@mui/icons-material/PostAdd';
import { lazy } from 'react';
import { CARE_REQUEST_RESOURCES } from '../../dataProviders/careRequests';
import type { PanelArea } from '../../registry/types';
import { carePaths } from './parts/paths';

/**
 * The care-request area: the incoming list (Archive > Care Requests) with the archived request behind each row, and
 * the create stepper (Customers > Create Care Request), on their own paths and loaded on demand.
 */
const careRequests: PanelArea = {
  resources: [
    { name: CARE_REQUEST_RESOURCES.incoming, permission: 'care:read', icon: AssignmentIcon },
    { name: CARE_REQUEST_RESOURCES.archived, permission: 'care:read', icon: AssignmentIcon },
  ],
  routes: [
    { path: carePaths.incoming, permission: 'care:read', component: lazy(() => import('./incoming/IncomingCareRequestList')) },
    { path: carePaths.create, permission: 'care:create', component: lazy(() => import('./create/CareRequestCreate')) },
  ],
  menu: [
    { to: carePaths.incoming, permission: 'care:read', label: 'caredesk.care.menu.care_requests', icon: AssignmentIcon, group: 'caredesk.care.menu.archive' },
    { to: carePaths.create, permission: 'care:create', label: 'caredesk.care.menu.create_care_request', icon: PostAddIcon, group: 'caredesk.care.menu.customers' },
  ],
};

export default careRequests;
