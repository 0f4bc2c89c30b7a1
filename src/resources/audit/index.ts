import PolicyIcon from '@mui/icons-material/Policy';
import { lazy } from 'react';
import { AUDIT_RESOURCE } from '../../dataProviders/audit';
import type { PanelArea } from '../../registry/types';
import { AUDIT_PATH } from './listState';

/** The audit trail (/audit/) and one event (/audit/{id}/), loaded on demand. */
const audit: PanelArea = {
  resources: [{ name: AUDIT_RESOURCE, icon: PolicyIcon, permission: 'audit:read' }],
  routes: [
    { path: AUDIT_PATH, component: lazy(() => import('./AuditList')), permission: 'audit:read' },
    { path: `${AUDIT_PATH}:id/`, component: lazy(() => import('./AuditEventShow')), permission: 'audit:read' },
  ],
  menu: [{ to: AUDIT_PATH, label: 'caredesk.audit.menu', icon: PolicyIcon, permission: 'audit:read' }],
};

export default audit;
