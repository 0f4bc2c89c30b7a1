import { ListSubheader } from '@mui/material';
import type { ReactElement } from 'react';
import { Menu as RaMenu, useSidebarState, useTranslate } from 'react-admin';
import { menuItems } from './menuItems';

/** The left drawer, built from the menu definition (a flat list: MUI's MenuList does not accept fragments). */
export const Menu = () => {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const children: ReactElement[] = [];
  menuItems.forEach((entry, index) => {
    if (entry.group !== undefined && entry.group !== menuItems[index - 1]?.group && open) {
      children.push(
        <ListSubheader key={`group:${entry.group}`} sx={{ lineHeight: 2.5 }}>
          {translate(entry.group)}
        </ListSubheader>,
      );
    }
    const Icon = entry.icon;
    children.push(
      <RaMenu.Item
        key={entry.to}
        to={entry.to}
        primaryText={translate(entry.label)}
        leftIcon={<Icon />}
        sx={entry.group && open ? { pl: 3 } : undefined}
      />,
    );
  });
  return <RaMenu>{children}</RaMenu>;
};
