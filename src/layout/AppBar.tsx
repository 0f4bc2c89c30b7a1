import { AppBar as RaAppBar } from 'react-admin';
import { AccountMenu } from './AccountMenu';

/**
 * react-admin's top bar: drawer toggle, page title and the default toolbar (language switcher English / Deutsch,
 * loading indicator), plus our account menu with the public name.
 */
export const AppBar = () => <RaAppBar userMenu={<AccountMenu />} />;
