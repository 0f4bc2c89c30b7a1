import { lazy } from 'react';
import type { PanelArea } from '../registry/types';

/** /new-password: the own password, opened from the account menu (no drawer entry). */
const password: PanelArea = {
  resources: [],
  routes: [{ path: '/new-password', component: lazy(() => import('./NewPasswordPage')) }],
  menu: [],
};

export default password;
