import { Sidebar as RaSidebar, type SidebarProps, useTranslate } from 'react-admin';

/**
 * react-admin's drawer, named: on a phone it opens as a modal dialog over the screen, which assistive technology
 * announces by its name (axe: a dialog needs one).
 */
export const Sidebar = (props: SidebarProps) => {
  const translate = useTranslate();
  return (
    <RaSidebar
      {...props}
      slotProps={{ ...props.slotProps, paper: { 'aria-label': translate('caredesk.menu.navigation') } }}
    />
  );
};
