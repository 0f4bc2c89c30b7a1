import { lazy } from 'react';
import type { PanelArea } from '../registry/types';

/**
 * The own account, opened from the account menu (no drawer entries); every signed-in user may open them: /new-password, the
 * own password, and /security, the own second factors and recovery codes (and, with care:work, the care-mail setting).
 */
const account: PanelArea = {
  screens: [
    { path: '/new-password', permission: 'signed-in', component: lazy(() => import('./NewPasswordPage')) },
    { path: '/security', permission: 'signed-in', component: lazy(() => import('./SecurityPage')) },
  ],
};

export default account;
