import { useState } from 'react';
import type { I18nProvider } from 'react-admin';
import type { Session } from '../session/session';
import { createStore } from '../store';
import { LoginForm } from './LoginForm';

interface StandaloneLoginProps {
  session: Session;
  i18nProvider: I18nProvider;
  onSignedIn: () => void;
  onTyping: () => void;
}

/** react-admin's choice of theme: the stored one, else the browser's preference. */
function prefersDark(storedTheme: unknown): boolean {
  if (storedTheme === 'dark' || storedTheme === 'light') return storedTheme === 'dark';
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}

/**
 * The login form of a page loaded at /login, before the panel (react-admin, MUI, the router) has loaded: the language
 * is chosen through the i18nProvider and kept in react-admin's store, where the panel finds it after the sign-in.
 */
export const StandaloneLogin = ({ session, i18nProvider, onSignedIn, onTyping }: StandaloneLoginProps) => {
  const [store] = useState(() => createStore(i18nProvider.getLocale()));
  const [locale, setLocale] = useState(i18nProvider.getLocale());
  const [dark] = useState(() => prefersDark(store.getItem('theme')));
  const changeLocale = (next: string) => {
    Promise.resolve(i18nProvider.changeLocale(next)).then(
      () => {
        store.setItem('locale', next);
        setLocale(next);
      },
      // the language's messages did not load (connection lost): the form stays in the language it shows
      () => undefined,
    );
  };
  return (
    <LoginForm
      session={session}
      translate={i18nProvider.translate}
      locale={locale}
      onLocaleChange={changeLocale}
      dark={dark}
      onSignedIn={onSignedIn}
      onTyping={onTyping}
    />
  );
};
