import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useIsPhone } from '../../common/useIsPhone';
import type { CaredeskDataProvider } from '../../dataProviders';
import { FILES_RESOURCE, type FileRecord } from '../../dataProviders/files';
import { describeError } from '../../dataProviders/problem';

interface FilePreviewDialogProps {
  record: FileRecord;
  open: boolean;
  onClose: () => void;
}

type Preview = { state: 'loading' } | { state: 'shown'; url: string; type: string } | { state: 'failed'; message: string };

/**
 * The file's bytes, fetched with the user's token, as an object URL that lives while the dialog is open: revoked on
 * close, on another file and on unmount.
 */
function usePreview(record: FileRecord, open: boolean): Preview {
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const translate = useTranslate();
  const [preview, setPreview] = useState<Preview>({ state: 'loading' });
  useEffect(() => {
    if (!open) return;
    let url: string | undefined;
    let current = true;
    setPreview({ state: 'loading' });
    dataProvider.previewFile(FILES_RESOURCE, { id: record.id, contentType: record.content_type }).then(
      ({ data }) => {
        if (!current) return;
        url = URL.createObjectURL(data);
        setPreview({ state: 'shown', url, type: data.type });
      },
      (error) => current && setPreview({ state: 'failed', message: describeError(error, translate) }),
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [open, record.id, record.content_type, dataProvider, translate]);
  return preview;
}

/** An image as an image; a PDF in the browser's own viewer, in a frame. */
const PreviewContent = ({ url, type, name }: { url: string; type: string; name: string }) =>
  type === 'application/pdf' ? (
    <Box component="iframe" src={url} title={name} sx={{ display: 'block', width: '100%', height: { xs: 'calc(100dvh - 150px)', sm: '75vh' }, border: 0 }} />
  ) : (
    <Box component="img" src={url} alt={name} sx={{ display: 'block', maxWidth: '100%', maxHeight: { xs: 'calc(100dvh - 150px)', sm: '75vh' }, mx: 'auto', objectFit: 'contain' }} />
  );

/** The preview of an image or PDF: the whole window on a phone, wide on a desktop. */
export const FilePreviewDialog = ({ record, open, onClose }: FilePreviewDialogProps) => {
  const translate = useTranslate();
  const phone = useIsPhone();
  const preview = usePreview(record, open);
  const title = translate('caredesk.files.preview.title', { name: record.name });
  const close = translate('caredesk.files.preview.close');
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="lg" aria-labelledby="file-preview-title">
      <DialogTitle id="file-preview-title" sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <IconButton aria-label={close} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        {preview.state === 'loading' && (
          <Stack direction="row" spacing={2} alignItems="center" role="status">
            <CircularProgress size={24} />
            <Typography>{translate('caredesk.files.preview.loading')}</Typography>
          </Stack>
        )}
        {preview.state === 'failed' && <Alert severity="error">{translate('caredesk.files.preview.failed', { message: preview.message })}</Alert>}
        {preview.state === 'shown' && <PreviewContent url={preview.url} type={preview.type} name={record.name} />}
      </DialogContent>
      <DialogActions>
        {preview.state === 'shown' && (
          // the bytes already fetched, saved under the file's name: also for browsers that show no PDF in a frame (phones)
          <Button component="a" href={preview.url} download={record.name} startIcon={<DownloadIcon />}>
            {translate('caredesk.files.search.download')}
          </Button>
        )}
        <Button onClick={onClose}>{close}</Button>
      </DialogActions>
    </Dialog>
  );
};
