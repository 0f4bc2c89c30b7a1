import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { ActionDialog } from '../../common/ActionDialog';
import { useDialogAction } from '../../common/useDialogAction';
import type { CaredeskDataProvider } from '../../dataProviders';
import { FILES_RESOURCE } from '../../dataProviders/files';
import { FOCUS_DELAY_MS } from '../apiTokens/dialogConstants';
import { isUploadValid } from './uploadRules';

export interface UploadDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * File chooser, Name (filled from the chosen file's name) and Description. Sends meta then file; errors stay in the
 * dialog and end the loading state; after success the list is refreshed and the dialog closes.
 */
export const UploadDialog = ({ open, onClose }: UploadDialogProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const { loading, error, clearError, reset, run } = useDialogAction(onClose);
  const fileInput = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setName('');
    setDescription('');
    setNameTouched(false);
    reset();
    const timer = setTimeout(() => chooseButton.current?.focus(), FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open]);

  const valid = isUploadValid({ file, name, description });
  const nameError = nameTouched && name.trim().length <= 3;

  const submit = async () => {
    if (!valid || !file) return;
    await run(
      () => dataProvider.uploadFile(FILES_RESOURCE, { file, fileName: file.name, name: name.trim(), description: description.trim() }),
      'caredesk.files.upload.success',
    );
  };

  return (
    <ActionDialog
      open={open}
      onClose={onClose}
      loading={loading}
      title={translate('caredesk.files.upload.title')}
      error={error}
      onDismissError={clearError}
      actions={
        <>
          <Button onClick={onClose} disabled={loading}>
            {translate('caredesk.files.upload.cancel')}
          </Button>
          <Button variant="contained" onClick={submit} disabled={!valid} loading={loading}>
            {translate('caredesk.files.upload.submit')}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Stack direction="row" spacing={2} alignItems="center">
          <Button ref={chooseButton} variant="outlined" startIcon={<UploadFileIcon />} onClick={() => fileInput.current?.click()} disabled={loading}>
            {translate('caredesk.files.upload.choose')}
          </Button>
          <Typography variant="body2" noWrap data-testid="chosen-file">
            {file ? file.name : translate('caredesk.files.upload.no_file')}
          </Typography>
          <input
            ref={fileInput}
            type="file"
            hidden
            aria-label={translate('caredesk.files.upload.file')}
            data-testid="upload-file-input"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              if (chosen) setName(chosen.name);
            }}
          />
        </Stack>
        <TextField
          label={translate('caredesk.files.upload.name')}
          value={name}
          required
          onChange={(event) => {
            setName(event.target.value);
            setNameTouched(true);
          }}
          onBlur={() => setNameTouched(true)}
          error={nameError}
          helperText={nameError ? translate('caredesk.files.upload.name_rule') : ' '}
          disabled={loading}
        />
        <TextField
          label={translate('caredesk.files.upload.description')}
          value={description}
          required
          multiline
          minRows={2}
          onChange={(event) => setDescription(event.target.value)}
          disabled={loading}
        />
      </Stack>
    </ActionDialog>
  );
};
