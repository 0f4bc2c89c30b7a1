import { lazy } from 'react';
import type { PanelArea } from '../registry/types';

/** /new-password: the own password, opened from the account menu (no drawer entry); every signed-in user may open it. */
const password: PanelArea = {
  screens: [{ path: '/new-password', permission: 'signed-in', component: lazy(() => import('./NewPasswordPage')) }],
};

export default password;
