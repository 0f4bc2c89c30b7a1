import { de as dateFnsDe, enUS as dateFnsEnUs } from 'date-fns/locale';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE, enUS } from '@mui/x-date-pickers/locales';
import type { ReactNode } from 'react';
import { useLocale } from 'react-admin';

const PICKER_LOCALES = {
  de: { adapterLocale: dateFnsDe, localeText: deDE.components.MuiLocalizationProvider.defaultProps.localeText },
  en: { adapterLocale: dateFnsEnUs, localeText: enUS.components.MuiLocalizationProvider.defaultProps.localeText },
};

/** MUI X date pickers in the panel's language: German TT.MM.JJJJ and German picker texts, otherwise US English. */
export const DatePickerLocalization = ({ children }: { children: ReactNode }) => {
  const { adapterLocale, localeText } = useLocale() === 'de' ? PICKER_LOCALES.de : PICKER_LOCALES.en;
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={adapterLocale} localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
};
