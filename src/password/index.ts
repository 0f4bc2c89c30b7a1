import { lazy } from 'react';
import type { PanelArea } from '../registry/types';

/**
 * The own account, opened from the account menu (no drawer entries); every signed-in user may open them: /new-password, the
 * own password, and /security, the own second factors and recovery codes.
 */
const password: PanelArea = {
  screens: [
    { path: '/new-password', permission: 'signed-in', component: lazy(() => import('./NewPasswordPage')) },
    { path: '/security', permission: 'signed-in', component: lazy(() => import('./SecurityPage')) },
  ],
};

export default password;
