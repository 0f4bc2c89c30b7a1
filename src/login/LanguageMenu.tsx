import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { LOCALES } from '../i18n/detectLocale';
import { ExpandMoreIcon, TranslateIcon } from './loginIcons';

interface LanguageMenuProps {
  locale: string;
  onChange: (locale: string) => void;
}

/**
 * The login page's language selector: a button naming the current language and a menu of the languages, as
 * react-admin's LocalesMenuButton shows them, in plain React (arrow keys move, Enter or a click chooses, Escape,
 * Tab or a click elsewhere closes).
 */
export const LanguageMenu = ({ locale, onChange }: LanguageMenuProps) => {
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLLIElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    items.current[
      Math.max(
        0,
        LOCALES.findIndex((entry) => entry.locale === locale),
      )
    ]?.focus();
    const closeOutside = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open, locale]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const choose = (next: string) => {
    close();
    if (next !== locale) onChange(next);
  };
  const moveFocus = (event: KeyboardEvent, index: number) => {
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step) {
      event.preventDefault();
      items.current[(index + step + LOCALES.length) % LOCALES.length]?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(LOCALES[index].locale);
    } else if (event.key === 'Escape') {
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="login-language" ref={container}>
      <button
        ref={button}
        type="button"
        className="login-language-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
      >
        <TranslateIcon />
        {LOCALES.find((entry) => entry.locale === locale)?.name ?? ''}
        <ExpandMoreIcon />
      </button>
      {open && (
        <ul className="login-language-menu" id={menuId} role="menu">
          {LOCALES.map((entry, index) => (
            <li
              key={entry.locale}
              ref={(item) => {
                items.current[index] = item;
              }}
              role="menuitem"
              tabIndex={-1}
              lang={entry.locale}
              className={
                entry.locale === locale
                  ? 'login-language-option login-language-option--selected'
                  : 'login-language-option'
              }
              onClick={() => choose(entry.locale)}
              onKeyDown={(event) => moveFocus(event, index)}
            >
              {entry.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};
