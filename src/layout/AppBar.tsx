import { AppBar as RaAppBar, TitlePortal } from 'react-admin';
import { useIsPhone } from '../common/useIsPhone';
import { AccountMenu } from './AccountMenu';

/**
 * react-admin's top bar: drawer toggle, page title and the default toolbar (language switcher English / Deutsch,
 * loading indicator), plus our account menu with the public name. On a phone the title only keeps its place as the space
 * that pushes the controls to the right, unseen: the controls leave it no room, and DocumentTitle heads the page with it
 * instead.
 */
export const AppBar = () => {
  const isPhone = useIsPhone();
  return (
    <RaAppBar userMenu={<AccountMenu />}>
      <TitlePortal sx={isPhone ? { visibility: 'hidden' } : undefined} />
    </RaAppBar>
  );
};
