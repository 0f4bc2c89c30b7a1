import { ACCOUNT_SCREENS } from './accountScreens';
import { AUDIT_SCREENS } from './auditScreens';
import { CARE_REQUEST_SCREENS } from './careScreens';
import { FILE_AND_TOKEN_SCREENS } from './fileScreens';
import { MAIL_SCREENS } from './mailScreens';
import { PROVIDER_SCREENS } from './providerScreens';
import { SECOND_FACTOR_SCREENS } from './secondFactorScreens';
import type { WalkScreen } from './screenWalk';
import { USER_SCREENS } from './userScreens';

export {
  SIZES,
  openScreen,
  translator,
  walkScreen,
  type ScreenState,
  type Size,
  type WalkContext,
  type WalkScreen,
} from './screenWalk';

/**
 * Every screen of the panel and the states reached on it (dialogs, tabs, steps, menus), as one table that the
 * screen walks (German texts, accessibility) go through. A new screen or dialog is one more entry in its area's module.
 * The areas keep the table's order: the walks declare their tests in it, and a worker's tests share one page.
 */
export const SCREENS: WalkScreen[] = [
  ...ACCOUNT_SCREENS,
  ...USER_SCREENS,
  ...MAIL_SCREENS,
  ...FILE_AND_TOKEN_SCREENS,
  ...CARE_REQUEST_SCREENS,
  ...AUDIT_SCREENS,
  ...SECOND_FACTOR_SCREENS,
  ...PROVIDER_SCREENS,
];
