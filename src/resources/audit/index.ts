import PolicyIcon from '@mui/icons-material/Policy';
import { lazy } from 'react';
import { AUDIT_RESOURCE } from '../../dataProviders/audit';
import type { PanelArea } from '../../registry/types';
import { AUDIT_PATH } from './listState';

/** The audit trail (/audit/) and one event (/audit/{id}/), loaded on demand. */
// permission: audit:read (the whole area: menu entry and both routes; declare it once PanelArea has a permission field)
const audit: PanelArea = {
  resources: [{ name: AUDIT_RESOURCE, icon: PolicyIcon }],
  routes: [
    { path: AUDIT_PATH, component: lazy(() => import('./AuditList')) },
    { path: `${AUDIT_PATH}:id/`, component: lazy(() => import('./AuditEventShow')) },
  ],
  menu: [{ to: AUDIT_PATH, label: 'caredesk.audit.menu', icon: PolicyIcon }],
};

export default audit;
