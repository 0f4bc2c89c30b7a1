import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { describeError } from '../dataProviders/problem';
import { useGlobalAlert } from './globalAlert';

/** An onError handler for forms: shows 'Cannot save:' plus the problem (title: detail, field) in the global alert. */
export function useCannotSave(): (error: unknown) => void {
  const translate = useTranslate();
  const { showError } = useGlobalAlert();
  return useCallback(
    (error: unknown) => showError(`${translate('caredesk.errors.cannot_save')} ${describeError(error, translate)}`),
    [translate, showError],
  );
}
