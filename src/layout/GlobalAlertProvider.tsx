import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { type AlertMessage, GlobalAlertContext, type GlobalAlertApi } from '../common/globalAlert';

export const GlobalAlertProvider = ({ children }: { children: ReactNode }) => {
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const { pathname } = useLocation();

  // every route change clears the message
  useEffect(() => {
    setAlert(null);
  }, [pathname]);

  const api = useMemo<GlobalAlertApi>(
    () => ({
      alert,
      showSuccess: (message, args) => setAlert({ severity: 'success', message, args }),
      showError: (message, args) => setAlert({ severity: 'error', message, args }),
      clear: () => setAlert(null),
    }),
    [alert],
  );
  return <GlobalAlertContext.Provider value={api}>{children}</GlobalAlertContext.Provider>;
};
