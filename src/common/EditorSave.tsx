import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { type SaveHandler, SaveContextProvider, useNotify, useSaveContext } from 'react-admin';
import { useLeavePage } from './history/useLeavePage';

interface EditorSaveProps {
  /** Where to go after saving when the editor was opened directly (no earlier panel page to go back to). */
  listPath: string;
  /** Translation key of the success notification. */
  savedMessage: string;
  children: ReactNode;
}

/**
 * Wraps an editor's form inside Create or Edit. The form saves once: a second submit while a save is running, or
 * after it succeeded, is ignored, and Submit stays disabled meanwhile (a double click creates one object). A success
 * shows `savedMessage` and leaves the editor: back to the earlier page, or to the list when there is none. A failure
 * is reported by the Create/Edit onError and the form can be submitted again.
 */
export const EditorSave = ({ listPath, savedMessage, children }: EditorSaveProps) => {
  const context = useSaveContext();
  const notify = useNotify();
  const leave = useLeavePage(listPath);
  const locked = useRef(false);
  const [busy, setBusy] = useState(false);

  const lock = useCallback((value: boolean) => {
    locked.current = value;
    setBusy(value);
  }, []);

  const save = useCallback<SaveHandler<Record<string, unknown>>>(
    async (data, callbacks) => {
      if (locked.current || !context.save) return;
      lock(true);
      let saved = false;
      const onSuccess = () => {
        saved = true;
        lock(true); // the success may be reported after the save settled
        notify(savedMessage, { type: 'success' });
        leave();
      };
      try {
        return (await context.save(data, { ...callbacks, onSuccess })) as void;
      } finally {
        if (!saved) lock(false);
      }
    },
    [context, lock, notify, savedMessage, leave],
  );

  const value = useMemo(() => ({ ...context, save, saving: busy || context.saving }), [context, save, busy]);
  return <SaveContextProvider value={value}>{children}</SaveContextProvider>;
};
