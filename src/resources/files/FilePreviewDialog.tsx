import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useIsPhone } from '../../common/useIsPhone';
import type { CaredeskDataProvider } from '../../dataProviders';
import { FILES_RESOURCE, type FileRecord } from '../../dataProviders/files';
import { describeError } from '../../dataProviders/problem';
import { withPdfTitle } from './pdfTitle';

interface FilePreviewDialogProps {
  record: FileRecord;
  open: boolean;
  onClose: () => void;
}

type Preview =
  | { state: 'loading' }
  | { state: 'shown'; url: string; viewUrl: string; type: string }
  | { state: 'failed'; message: string };

/**
 * What the frame shows: a PDF titled with the file's name, which the browser's PDF viewer would otherwise name after the
 * object URL's random id; an image as it is.
 */
const viewedBytes = (bytes: Uint8Array<ArrayBuffer>, type: string, name: string) =>
  type === 'application/pdf' ? withPdfTitle(bytes, name) : bytes;

/**
 * The file's bytes, fetched with the user's token, as object URLs that live while the dialog is open (the bytes as stored
 * to save, and the bytes to view): revoked on close, on another file and on unmount.
 */
function usePreview(record: FileRecord, open: boolean): Preview {
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const translate = useTranslate();
  const [preview, setPreview] = useState<Preview>({ state: 'loading' });
  useEffect(() => {
    if (!open) return;
    const urls: string[] = [];
    let current = true;
    setPreview({ state: 'loading' });
    dataProvider.previewFile(FILES_RESOURCE, { id: record.id, contentType: record.content_type }).then(
      ({ data: { bytes, type } }) => {
        if (!current) return;
        const viewed = viewedBytes(bytes, type, record.name);
        const url = URL.createObjectURL(new Blob([bytes], { type }));
        const viewUrl = viewed === bytes ? url : URL.createObjectURL(new Blob([viewed], { type }));
        urls.push(...new Set([url, viewUrl]));
        setPreview({ state: 'shown', url, viewUrl, type });
      },
      (error) => current && setPreview({ state: 'failed', message: describeError(error, translate) }),
    );
    return () => {
      current = false;
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [open, record.id, record.content_type, record.name, dataProvider, translate]);
  return preview;
}

/** An image as an image; a PDF in the browser's own viewer, in a frame. */
const PreviewContent = ({ url, type, name }: { url: string; type: string; name: string }) =>
  type === 'application/pdf' ? (
    <Box
      component="iframe"
      src={url}
      title={name}
      sx={{ display: 'block', width: '100%', height: { xs: 'calc(100dvh - 150px)', sm: '75vh' }, border: 0 }}
    />
  ) : (
    <Box
      component="img"
      src={url}
      alt={name}
      sx={{
        display: 'block',
        maxWidth: '100%',
        maxHeight: { xs: 'calc(100dvh - 150px)', sm: '75vh' },
        mx: 'auto',
        objectFit: 'contain',
      }}
    />
  );

/** The preview of an image or PDF: the whole window on a phone, wide on a desktop. */
export const FilePreviewDialog = ({ record, open, onClose }: FilePreviewDialogProps) => {
  const translate = useTranslate();
  const phone = useIsPhone();
  const preview = usePreview(record, open);
  const title = translate('caredesk.files.preview.title', { name: record.name });
  const close = translate('caredesk.files.preview.close');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} fullWidth maxWidth="lg" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <IconButton aria-label={close} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      {/* its content scrolls where the file is taller than the window: a tab stop of its own, so that keys can scroll it */}
      <DialogContent dividers tabIndex={0} role="region" aria-labelledby={titleId}>
        {preview.state === 'loading' && (
          <Stack direction="row" spacing={2} alignItems="center" role="status">
            <CircularProgress size={24} />
            <Typography>{translate('caredesk.files.preview.loading')}</Typography>
          </Stack>
        )}
        {preview.state === 'failed' && (
          <Alert severity="error">{translate('caredesk.files.preview.failed', { message: preview.message })}</Alert>
        )}
        {preview.state === 'shown' && <PreviewContent url={preview.viewUrl} type={preview.type} name={record.name} />}
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
