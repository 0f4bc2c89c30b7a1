import { Menu, MenuItem } from '@mui/material';
import { useLocaleState, useLocales } from 'react-admin';

interface LocalesMenuProps {
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The menu of LocaleButton, as react-admin's LocalesMenuButton renders it: a language per item, the current one selected. */
const LocalesMenu = ({ anchor, onClose }: LocalesMenuProps) => {
  const languages = useLocales();
  const [locale, setLocale] = useLocaleState();
  return (
    <Menu id="simple-menu" anchorEl={anchor} keepMounted open={anchor !== null} onClose={onClose}>
      {languages.map((language) => (
        <MenuItem
          key={language.locale}
          selected={language.locale === locale}
          onClick={() => {
            setLocale(language.locale);
            onClose();
          }}
        >
          {language.name}
        </MenuItem>
      ))}
    </Menu>
  );
};

export default LocalesMenu;
