import { format, parseISO } from 'date-fns';
import { de, enUS } from 'date-fns/locale';
import { useLocaleState, useTranslate } from 'react-admin';
import type { careEn } from '../../../i18n/messages/en/care';

export type CareEnum = keyof typeof careEn.care.enums;

const humanize = (value: string) => value.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());

/**
 * Labels and dates of the care-request screens in the current locale: enumeration values (unknown values, e.g.
 * household activities outside the labelled ones, are shown humanized), yes/no flags and date-fns dates
 * (English 'MM/dd/yyyy', German 'dd.MM.yyyy', with time for submission times).
 */
export function useCareFormat() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dateLocale = locale === 'de' ? de : enUS;
  const unknown = translate('caredesk.care.common.not_specified');

  const enumLabel = (name: CareEnum, value: string | number | null | undefined): string =>
    value === null || value === undefined || value === ''
      ? unknown
      : translate(`caredesk.care.enums.${name}.${value}`, { _: humanize(String(value)) });
  const enumList = (name: CareEnum, values: string[] | null | undefined): string =>
    values === null || values === undefined
      ? unknown
      : values.length
        ? values.map((value) => enumLabel(name, value)).join(', ')
        : translate('caredesk.care.common.none');
  const yesNo = (value: boolean | null | undefined): string =>
    value === null || value === undefined
      ? unknown
      : translate(value ? 'caredesk.care.common.yes' : 'caredesk.care.common.no');
  const text = (value: string | number | null | undefined): string =>
    value === null || value === undefined || value === '' ? unknown : String(value);
  /** A calendar date "YYYY-MM-DD". */
  const date = (value: string | null | undefined): string => {
    if (!value) return unknown;
    const parsed = parseISO(value);
    return Number.isNaN(parsed.getTime()) ? value : format(parsed, 'P', { locale: dateLocale });
  };
  /** An epoch-seconds timestamp, shown in the browser's time zone. */
  const dateTime = (seconds: number | null | undefined): string =>
    seconds === null || seconds === undefined
      ? unknown
      : format(new Date(seconds * 1000), 'Pp', { locale: dateLocale });

  return { translate, locale, dateLocale, enumLabel, enumList, yesNo, text, date, dateTime, unknown };
}
