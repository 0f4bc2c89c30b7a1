import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { ActionDialog } from '../../common/ActionDialog';
import type { CaredeskDataProvider } from '../../dataProviders';
import { FILES_RESOURCE } from '../../dataProviders/files';
import type { UploadProgress } from '../../dataProviders/httpClient';
import { describeError } from '../../dataProviders/problem';
import { FOCUS_DELAY_MS } from '../../common/dialogConstants';
import { formatSize } from './format';
import { isUploadValid } from './uploadRules';

interface UploadDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Percent and bytes of the file sent so far (the request's few bytes of form framing are left out of the bytes). */
function progressOf(progress: UploadProgress, fileSize: number) {
  const fraction = progress.total > 0 ? Math.min(1, progress.loaded / progress.total) : 0;
  return { percent: Math.floor(fraction * 100), sent: Math.round(fraction * fileSize) };
}

const UploadProgressBar = ({ progress, fileSize }: { progress: UploadProgress; fileSize: number }) => {
  const translate = useTranslate();
  const { percent, sent } = progressOf(progress, fileSize);
  return (
    <Box data-testid="upload-progress">
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={translate('caredesk.files.upload.progress_label')}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {translate('caredesk.files.upload.progress', { percent, sent: formatSize(sent), size: formatSize(fileSize) })}
      </Typography>
    </Box>
  );
};

/**
 * File chooser, Name (filled from the chosen file's name) and Description. Sends meta then file, showing its progress;
 * Cancel aborts a running upload (the service then keeps nothing). Errors stay in the dialog and end the loading state;
 * after success the list is refreshed and the dialog closes. An empty file is named as such and not sent.
 */
export const UploadDialog = ({ open, onClose }: UploadDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const loading = progress !== null;

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setName('');
    setDescription('');
    setNameTouched(false);
    setProgress(null);
    setError(null);
    const timer = setTimeout(() => chooseButton.current?.focus(), FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open]);
  useEffect(() => () => running.current?.abort(), []);

  const valid = isUploadValid({ file, name, description });
  const nameError = nameTouched && name.trim().length <= 3;
  const emptyFile = file !== null && file.size === 0;

  const submit = async () => {
    if (!valid || !file) return;
    const controller = new AbortController();
    running.current = controller;
    setError(null);
    setProgress({ loaded: 0, total: 0 });
    try {
      await dataProvider.uploadFile(FILES_RESOURCE, {
        file,
        fileName: file.name,
        name: name.trim(),
        description: description.trim(),
        signal: controller.signal,
        onProgress: setProgress,
      });
      notify('caredesk.files.upload.success', { type: 'success' });
      refresh();
      onClose();
    } catch (cause) {
      if (!controller.signal.aborted) setError(describeError(cause, translate));
    } finally {
      if (running.current === controller) running.current = null;
      setProgress(null);
    }
  };

  const cancel = () => {
    if (running.current) {
      running.current.abort();
      notify('caredesk.files.upload.cancelled', { type: 'info' });
    }
    onClose();
  };

  return (
    <ActionDialog
      open={open}
      onClose={onClose}
      loading={loading}
      title={translate('caredesk.files.upload.title')}
      error={error}
      onDismissError={() => setError(null)}
      actions={
        <>
          <Button onClick={cancel}>{translate('caredesk.files.upload.cancel')}</Button>
          <Button variant="contained" onClick={submit} disabled={!valid} loading={loading}>
            {translate('caredesk.files.upload.submit')}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Stack direction="row" spacing={2} useFlexGap alignItems="center" sx={{ flexWrap: 'wrap' }}>
          <Button
            ref={chooseButton}
            variant="outlined"
            startIcon={<UploadFileIcon />}
            onClick={() => fileInput.current?.click()}
            disabled={loading}
          >
            {translate('caredesk.files.upload.choose')}
          </Button>
          <Typography variant="body2" data-testid="chosen-file" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
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
        {emptyFile && (
          <Typography variant="body2" color="error" role="alert">
            {translate('caredesk.files.upload.empty_file', { name: file.name })}
          </Typography>
        )}
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
        {progress && file && <UploadProgressBar progress={progress} fileSize={file.size} />}
      </Stack>
    </ActionDialog>
  );
};
