import { useEffect } from 'react';
import { useListContext } from 'react-admin';
import { MAIL_LIST_RELOAD_MS } from './paths';

/** Reloads the surrounding list every `intervalMs` (60,000 ms for the mail lists) while it is shown. */
export const AutoReload = ({ intervalMs = MAIL_LIST_RELOAD_MS }: { intervalMs?: number }) => {
  const { refetch } = useListContext();
  useEffect(() => {
    const timer = setInterval(() => void refetch(), intervalMs);
    return () => clearInterval(timer);
  }, [refetch, intervalMs]);
  return null;
};
