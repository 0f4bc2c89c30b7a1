import type { ReactNode } from 'react';
import { Layout as RaLayout, useGetList } from 'react-admin';
import type { MenuEntry, PanelResource } from '../registry/types';
import { AppBar } from './AppBar';
import { GlobalAlert } from './GlobalAlert';
import { GlobalAlertProvider } from './GlobalAlertProvider';
import { Menu } from './Menu';
import { MenuEntriesContext } from './menuEntries';
import { MuiLocale } from './MuiLocale';

/** A list the layout loads when it opens. */
export type PreloadedList = Required<Pick<PanelResource, 'name' | 'preload'>>;

interface LayoutProps {
  children: ReactNode;
  /** The drawer's entries, in display order. */
  menu: MenuEntry[];
  preload: PreloadedList[];
}

/** Loads a list into react-admin's query cache under the key its list screen asks for, and keeps it there. */
const Preload = ({ name, preload }: PreloadedList) => {
  useGetList(name, preload, { refetchOnWindowFocus: false, refetchOnReconnect: false });
  return null;
};

/** The main layout of the protected screens (MUI's own texts in the panel's language); opening it loads the preloaded lists. */
export const Layout = ({ children, menu, preload }: LayoutProps) => (
  <MuiLocale>
    <GlobalAlertProvider>
      {preload.map((list) => (
        <Preload key={list.name} {...list} />
      ))}
      <MenuEntriesContext.Provider value={menu}>
        <RaLayout appBar={AppBar} menu={Menu}>
          <GlobalAlert />
          {children}
        </RaLayout>
      </MenuEntriesContext.Provider>
    </GlobalAlertProvider>
  </MuiLocale>
);
