import PolicyIcon from '@mui/icons-material/Policy';
import { lazy } from 'react';
import { AUDIT_RESOURCE } from '../../dataProviders/audit';
import type { PanelArea } from '../../registry/types';
import { AUDIT_PATH } from './listState';

/** The audit trail (/audit/) and one event (/audit/{id}/), loaded on demand. */
const audit: PanelArea = {
  resources: [
    {
      name: AUDIT_RESOURCE,
      permission: 'audit:read',
      icon: PolicyIcon,
      screens: [
        { path: AUDIT_PATH, component: lazy(() => import('./AuditList')), menu: { label: 'caredesk.audit.menu' } },
        { path: `${AUDIT_PATH}:id/`, component: lazy(() => import('./AuditEventShow')) },
      ],
    },
  ],
};

export default audit;
