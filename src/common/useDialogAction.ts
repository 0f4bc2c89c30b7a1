import { useCallback, useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { describeError } from '../dataProviders/problem';

/**
 * The submit state of a panel dialog: `run` sets loading, awaits the action, then on success notifies, refreshes
 * the list and closes; on failure the problem stays in the dialog (`error`) and loading ends.
 */
export function useDialogAction(onClose: () => void) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const clearError = useCallback(() => setError(null), []);

  /** Back to the idle state, for when the dialog (re)opens. */
  const reset = useCallback(() => {
    setError(null);
    setLoading(false);
  }, []);

  const run = useCallback(
    async (action: () => Promise<unknown>, successMessage: string) => {
      setLoading(true);
      setError(null);
      try {
        await action();
        setLoading(false);
        notify(successMessage, { type: 'success' });
        refresh();
        onClose();
      } catch (cause) {
        setError(describeError(cause, translate));
        setLoading(false);
      }
    },
    [notify, refresh, onClose, translate],
  );

  return { loading, error, clearError, reset, run };
}
