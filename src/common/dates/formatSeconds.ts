/** Epoch seconds -> the locale's date and time. */
export const formatSeconds = (seconds: number | null | undefined, locale?: string): string =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toLocaleString(locale) : '';
