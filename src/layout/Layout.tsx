import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { usePrefetchUsers } from '../resources/users/usePrefetchUsers';
import { AppBar } from './AppBar';
import { GlobalAlert } from './GlobalAlert';
import { GlobalAlertProvider } from './GlobalAlertProvider';
import { Menu } from './Menu';
import { MuiLocale } from './MuiLocale';

/** The main layout of the protected screens (MUI's own texts in the panel's language); opening it loads the user list. */
export const Layout = ({ children }: { children: ReactNode }) => {
  usePrefetchUsers();
  return (
    <MuiLocale>
      <GlobalAlertProvider>
        <RaLayout appBar={AppBar} menu={Menu}>
          <GlobalAlert />
          {children}
        </RaLayout>
      </GlobalAlertProvider>
    </MuiLocale>
  );
};
