import type { ReactNode } from 'react';
import { AdminContext } from 'react-admin';
import { createI18nProvider } from '../../../src/i18n/i18nProvider';

/** The panel's translations (English) around a component rendered on its own. */
export const TestTranslations = ({ children }: { children: ReactNode }) => (
  <AdminContext i18nProvider={createI18nProvider()}>{children}</AdminContext>
);
