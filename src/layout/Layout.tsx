import { type ReactNode, useMemo } from 'react';
import { Layout as RaLayout, useGetIdentity, useGetList } from 'react-admin';
import { isPermission, permits, useGrantedPermissions } from '../common/permissions';
import type { CaredeskIdentity } from '../login/authProvider';
import type { MenuEntry, PanelResource } from '../registry/types';
import { type Access, AccessContext } from './access';
import { AppBar } from './AppBar';
import { DocumentTitle } from './DocumentTitle';
import { EnrollmentOnlyPage } from './EnrollmentOnlyPage';
import { GlobalAlert } from './GlobalAlert';
import { GlobalAlertProvider } from './GlobalAlertProvider';
import { Menu } from './Menu';
import { MenuEntriesContext } from './menuEntries';
import { MotionPreference } from './MotionPreference';
import { MuiLocale } from './MuiLocale';
import { ReauthenticationDialog } from './ReauthenticationDialog';
import { SecondFactorNotice } from './SecondFactorNotice';
import { Sidebar } from './Sidebar';

/**
 * The content column and react-admin's list and editor columns are as wide as the window leaves them, never as wide as
 * their widest content (flex items grow to it by default): what is too wide then cuts, wraps or scrolls in its own box
 * (and the screen walks name it) instead of widening the whole page. For every list: a table wider than its place scrolls
 * in its own box (whose width is the place's, never the table's: `contain`), a list's toolbar takes a second row rather
 * than push its last buttons out, and a phone's card wraps long words (addresses, hosts, file names). How a table's columns
 * share the width is `src/common/oneLineTable.ts`.
 */
const CONTENT_WITHIN_VIEWPORT = {
  // react-admin's layout grows to its content's widest word (fit-content), and with it the app bar, titles and notices
  minWidth: 0,
  '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content, & .RaList-main, & .RaEdit-main, & .RaEdit-card, & .RaCreate-main, & .RaCreate-card':
    { minWidth: 0 },
  '& .RaDataTable-tableWrapper': { overflowX: 'auto', contain: 'inline-size' },
  '& .RaListToolbar-root, & .RaTopToolbar-root': { flexWrap: { sm: 'wrap' } },
  '& .RaList-content .MuiListItemText-root': { minWidth: 0, overflowWrap: 'anywhere' },
};

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
 * What the user may open: their permissions, where a user counts as one of the panel ('panel') when some drawer entry
 * is theirs to use (a user holding only mail:send or care:contact has no screen).
 */
function useAccessOf(menu: MenuEntry[]): Access {
  const { granted, isPending, error } = useGrantedPermissions();
  const screens = useMemo(() => new Set(menu.map((entry) => entry.permission).filter(isPermission)), [menu]);
  return useMemo(
    () => ({ isPending, error, allows: (requirement) => !isPending && permits(granted, requirement, screens) }),
    [granted, isPending, error, screens],
  );
}

/**
 * The main layout of the protected screens (MUI's own texts in the panel's language, no motion for those who ask for
 * none); opening it loads the preloaded lists. The drawer shows, and the layout preloads, only what the user's permissions allow; the screens' permission
 * gate reads the same decision. A session that may only enroll a second factor sees the enrollment page instead; every
 * screen can ask for a re-authentication.
 */
export const Layout = ({ children, menu, preload }: LayoutProps) => {
  const access = useAccessOf(menu);
  const { identity } = useGetIdentity();
  const enrollmentOnly = !!(identity as CaredeskIdentity | undefined)?.secondFactor?.enrollment_only;
  const allowed = <T extends { permission: PreloadedList['permission'] }>(items: T[]) =>
    items.filter((item) => access.allows(item.permission));
  return (
    <AccessContext.Provider value={access}>
      <MuiLocale>
        <MotionPreference>
          <GlobalAlertProvider>
            <ReauthenticationDialog />
            {enrollmentOnly ? (
              <EnrollmentOnlyPage />
            ) : (
              <>
                {allowed(preload).map(({ name, preload }) => (
                  <Preload key={name} name={name} preload={preload} />
                ))}
                <MenuEntriesContext.Provider value={allowed(menu)}>
                  <RaLayout appBar={AppBar} menu={Menu} sidebar={Sidebar} sx={CONTENT_WITHIN_VIEWPORT}>
                    <DocumentTitle />
                    <GlobalAlert />
                    <SecondFactorNotice />
                    {children}
                  </RaLayout>
                </MenuEntriesContext.Provider>
              </>
            )}
          </GlobalAlertProvider>
        </MotionPreference>
      </MuiLocale>
    </AccessContext.Provider>
  );
};
