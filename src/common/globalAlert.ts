import { createContext, useContext } from 'react';

type AlertSeverity = 'success' | 'error' | 'info' | 'warning';

export interface AlertMessage {
  severity: AlertSeverity;
  /** A translation key or a literal text (shown as is when it is not a key). */
  message: string;
  args?: Record<string, unknown>;
}

export interface GlobalAlertApi {
  alert: AlertMessage | null;
  showSuccess: (message: string, args?: Record<string, unknown>) => void;
  showError: (message: string, args?: Record<string, unknown>) => void;
  clear: () => void;
}

export const GlobalAlertContext = createContext<GlobalAlertApi | null>(null);

/** Shows one message above the page content; it is dismissible and cleared on every route change. */
export function useGlobalAlert(): GlobalAlertApi {
  const api = useContext(GlobalAlertContext);
  if (!api) throw new Error('useGlobalAlert must be used inside <GlobalAlertProvider>');
  return api;
}
