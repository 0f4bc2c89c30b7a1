import { format, fromUnixTime } from 'date-fns';
import { de, enUS } from 'date-fns/locale';
import { useLocaleState } from 'react-admin';

/** Formats an epoch-seconds timestamp with date-fns in the panel's locale (e.g. '11/21/2026, 9:43 AM' / '21.11.2026, 09:43'). */
export function formatTimestamp(seconds: number | null | undefined, locale: string): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  return format(fromUnixTime(seconds), 'Pp', { locale: locale === 'de' ? de : enUS });
}

export const MailTimestamp = ({ value }: { value: number | null | undefined }) => {
  const [locale] = useLocaleState();
  return <span>{formatTimestamp(value, locale)}</span>;
};
