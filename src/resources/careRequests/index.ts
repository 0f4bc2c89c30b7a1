import AssignmentIcon from '@mui/icons-material/Assignment';
import PostAddIcon from '@mui/icons-material/PostAdd';
import { lazy } from 'react';
import { CARE_REQUEST_RESOURCES } from '../../dataProviders/careRequests';
import type { PanelArea } from '../../registry/types';
import { carePaths } from './parts/paths';

/**
 * The care-request area: the incoming list (Archive > Care Requests) with the archived request behind each row, and
 * the board of their workflow (Archive > Board), the create stepper (Customers > Create Care Request), on their own paths and
 * loaded on demand; on the dashboard, the work of a care:work holder and the requests of the last weeks as a chart across its width.
 */
const careRequests: PanelArea = {
  resources: [
    {
      name: CARE_REQUEST_RESOURCES.incoming,
      permission: 'care:read',
      icon: AssignmentIcon,
      screens: [
        {
          path: carePaths.incoming,
          component: lazy(() => import('./incoming/IncomingCareRequestList')),
          menu: { label: 'caredesk.care.menu.care_requests', group: 'caredesk.care.menu.archive' },
        },
        {
          path: carePaths.board,
          component: lazy(() => import('./board/CareBoard')),
          menu: {
            label: 'caredesk.care_work.board.menu',
            accessibleLabel: 'caredesk.care_work.board.title',
            group: 'caredesk.care.menu.archive',
          },
        },
      ],
    },
    { name: CARE_REQUEST_RESOURCES.archived, permission: 'care:read', icon: AssignmentIcon },
  ],
  screens: [
    {
      path: carePaths.create,
      permission: 'care:create',
      component: lazy(() => import('./create/CareRequestCreate')),
      menu: {
        label: 'caredesk.care.menu.create_care_request',
        icon: PostAddIcon,
        group: 'caredesk.care.menu.customers',
      },
    },
  ],
  figures: { component: lazy(() => import('./figures/CareFigures')), order: 5, wide: true },
};

export default careRequests;
