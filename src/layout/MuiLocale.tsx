import { type Theme, ThemeProvider } from '@mui/material/styles';
import { deDE } from '@mui/material/locale';
import { type ReactNode, useCallback } from 'react';
import { useLocale, useTranslate } from 'react-admin';

type LocaleTexts = { components?: Record<string, { defaultProps?: object }> };

/** The theme with MUI's own texts (an alert's Close, an autocomplete's Clear and Open) in these words. */
function withTexts(theme: Theme, texts: LocaleTexts): Theme {
  const components: Record<string, { defaultProps?: object }> = {
    ...(theme.components as Record<string, { defaultProps?: object }>),
  };
  for (const [name, { defaultProps }] of Object.entries(texts.components ?? {})) {
    components[name] = { ...components[name], defaultProps: { ...components[name]?.defaultProps, ...defaultProps } };
  }
  return { ...theme, components };
}

/**
 * MUI components speak the panel's language: German texts from MUI's deDE locale, English ones are MUI's defaults; every
 * progress indicator (react-admin's loading indicator in the app bar, the spinners of busy buttons) is named "Loading".
 */
export const MuiLocale = ({ children }: { children: ReactNode }) => {
  const locale = useLocale();
  const loading = useTranslate()('ra.page.loading');
  const localized = useCallback(
    (outer: Theme) => {
      const named = withTexts(outer, {
        components: { MuiCircularProgress: { defaultProps: { 'aria-label': loading } } },
      });
      return locale === 'de' ? withTexts(named, deDE) : named;
    },
    [locale, loading],
  );
  return <ThemeProvider theme={localized}>{children}</ThemeProvider>;
};
