import { Button, Stack, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { ActionDialog } from '../../common/ActionDialog';
import { FOCUS_DELAY_MS } from '../../common/dialogConstants';
import { useDialogAction } from '../../common/useDialogAction';
import { FILES_RESOURCE, type FileRecord } from '../../dataProviders/files';
import { descriptionValid, editChanges, editValid, editValuesOf, nameValid } from './fileEditRules';
import { type EditedReference, ReferencesEditor, withKeys } from './ReferencesEditor';

interface FileEditDialogProps {
  record: FileRecord;
  open: boolean;
  onClose: () => void;
}

/**
 * Name, description and references of a stored file, checked as an upload is. Save sends only what changed and is
 * enabled once something did; errors stay in the dialog, success notifies and reloads the list.
 */
export const FileEditDialog = ({ record, open, onClose }: FileEditDialogProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { loading, error, clearError, reset, run } = useDialogAction(onClose);
  const [name, setName] = useState(record.name);
  const [description, setDescription] = useState(record.description);
  const [references, setReferences] = useState<EditedReference[]>([]);
  const [touched, setTouched] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    const initial = editValuesOf(record);
    setName(initial.name);
    setDescription(initial.description);
    setReferences(withKeys(initial.references));
    setTouched(false);
    reset();
    const timer = setTimeout(() => nameInput.current?.focus(), FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, record, reset]);

  const values = { name, description, references };
  const changes = editChanges(record, values);
  const canSave = editValid(values) && Object.keys(changes).length > 0;

  const save = () =>
    run(
      () => dataProvider.update(FILES_RESOURCE, { id: record.id, data: changes, previousData: record }),
      'caredesk.files.edit.success',
    );

  return (
    <ActionDialog
      open={open}
      onClose={onClose}
      loading={loading}
      title={translate('caredesk.files.edit.title')}
      error={error}
      onDismissError={clearError}
      actions={
        <>
          <Button onClick={onClose} disabled={loading}>
            {translate('caredesk.files.edit.cancel')}
          </Button>
          <Button variant="contained" onClick={save} disabled={!canSave} loading={loading}>
            {translate('caredesk.files.edit.save')}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }} onBlur={() => setTouched(true)}>
        <TextField
          inputRef={nameInput}
          label={translate('caredesk.files.edit.name')}
          value={name}
          required
          onChange={(event) => setName(event.target.value)}
          error={touched && !nameValid(name)}
          helperText={touched && !nameValid(name) ? translate('caredesk.files.edit.name_rule') : ' '}
          disabled={loading}
        />
        <TextField
          label={translate('caredesk.files.edit.description')}
          value={description}
          required
          multiline
          minRows={2}
          onChange={(event) => setDescription(event.target.value)}
          error={touched && !descriptionValid(description)}
          helperText={touched && !descriptionValid(description) ? translate('caredesk.files.edit.required') : ' '}
          disabled={loading}
        />
        <ReferencesEditor references={references} onChange={setReferences} showErrors={touched} disabled={loading} />
      </Stack>
    </ActionDialog>
  );
};
