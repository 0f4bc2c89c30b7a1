import { ListSubheader } from '@mui/material';
import type { ReactElement } from 'react';
import { Menu as RaMenu, useSidebarState, useTranslate } from 'react-admin';
import { useMenuEntries } from './menuEntries';

/** Long labels (German) wrap instead of being cut off with an ellipsis. */
const wrappingLabel = {
  whiteSpace: 'normal',
  '& .MuiTypography-root': { whiteSpace: 'normal', overflow: 'visible', overflowWrap: 'anywhere' },
};

/**
 * The left drawer, built from the entries the layout was given. A flat list (MUI's MenuList moves the focus only between
 * its own children), so a group heading is a named separator: the one thing besides menu items that a menu may contain.
 */
export const Menu = () => {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const menuItems = useMenuEntries();
  const children: ReactElement[] = [];
  menuItems.forEach((entry, index) => {
    if (entry.group !== undefined && entry.group !== menuItems[index - 1]?.group && open) {
      const heading = translate(entry.group);
      children.push(
        <ListSubheader key={`group:${entry.group}`} role="separator" aria-label={heading} sx={{ lineHeight: 2.5 }}>
          {heading}
        </ListSubheader>,
      );
    }
    const Icon = entry.icon;
    children.push(
      <RaMenu.Item
        key={entry.to}
        to={entry.to}
        primaryText={translate(entry.label)}
        aria-label={entry.accessibleLabel ? translate(entry.accessibleLabel) : undefined}
        leftIcon={<Icon />}
        sx={{ ...wrappingLabel, ...(entry.group && open ? { pl: 3 } : {}) }}
      />,
    );
  });
  return <RaMenu>{children}</RaMenu>;
};
