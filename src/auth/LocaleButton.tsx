import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LanguageIcon from '@mui/icons-material/Translate';
import { Button } from '@mui/material';
import { lazy, type MouseEvent, Suspense, useEffect, useState } from 'react';
import { useLocaleState, useLocales } from 'react-admin';

const loadMenu = () => import('./LocalesMenu');
const LocalesMenu = lazy(loadMenu);

/**
 * The login page's language selector: react-admin's LocalesMenuButton (same button, same menu), except that its menu
 * (MUI's Menu, Popover, Modal and their transitions) is a chunk of its own, loaded after the first paint instead of
 * before it (README, Performance: the login page).
 */
export const LocaleButton = () => {
  const languages = useLocales();
  const [locale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuMounted, setMenuMounted] = useState(false);

  useEffect(() => {
    void loadMenu();
  }, []);

  const open = (event: MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    setMenuMounted(true);
  };

  return (
    <span>
      <Button
        color="inherit"
        variant="text"
        aria-controls={menuMounted ? 'simple-menu' : undefined}
        aria-label=""
        aria-haspopup="true"
        onClick={open}
        startIcon={<LanguageIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
      >
        {languages.find((language) => language.locale === locale)?.name ?? ''}
      </Button>
      {menuMounted && (
        <Suspense fallback={null}>
          <LocalesMenu anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </span>
  );
};
