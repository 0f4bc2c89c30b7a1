import type { ReactNode } from 'react';
import { Layout as RaLayout, useGetList } from 'react-admin';
import { permits, useGrantedPermissions } from '../common/permissions';
import type { MenuEntry, PanelResource } from '../registry/types';
import { AppBar } from './AppBar';
import { GlobalAlert } from './GlobalAlert';
import { GlobalAlertProvider } from './GlobalAlertProvider';
import { Menu } from './Menu';
import { MenuEntriesContext } from './menuEntries';
import { MuiLocale } from './MuiLocale';

/** A list the layout loads when it opens. */
export type PreloadedList = Required<Pick<PanelResource, 'name' | 'preload' | 'permission'>>;

interface LayoutProps {
  children: ReactNode;
  /** The drawer's entries, in display order. */
  menu: MenuEntry[];
  preload: PreloadedList[];
}

/** Loads a list into react-admin's query cache under the key its list screen asks for, and keeps it there. */
const Preload = ({ name, preload }: Omit<PreloadedList, 'permission'>) => {
  useGetList(name, preload, { refetchOnWindowFocus: false, refetchOnReconnect: false });
  return null;
};

/**
 * The main layout of the protected screens (MUI's own texts in the panel's language); opening it loads the preloaded
 * lists. The drawer shows, and the layout preloads, only what the user's permissions allow.
 */
export const Layout = ({ children, menu, preload }: LayoutProps) => {
  const { granted, isPending } = useGrantedPermissions();
  const allowed = <T extends { permission: PreloadedList['permission'] }>(items: T[]) =>
    isPending ? [] : items.filter((item) => permits(granted, item.permission));
  return (
    <MuiLocale>
      <GlobalAlertProvider>
        {allowed(preload).map(({ name, preload }) => (
          <Preload key={name} name={name} preload={preload} />
        ))}
        <MenuEntriesContext.Provider value={allowed(menu)}>
          <RaLayout appBar={AppBar} menu={Menu}>
            <GlobalAlert />
            {children}
          </RaLayout>
        </MenuEntriesContext.Provider>
      </GlobalAlertProvider>
    </MuiLocale>
  );
};
