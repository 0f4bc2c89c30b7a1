import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import { Alert, Box, Button, DialogContentText } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ActionDialog } from '../ActionDialog';

const t = (key: string) => `caredesk.security.codes.${key}`;

/** The codes as a text file, one a line after a heading that says what they are. */
function saveCodes(codes: readonly string[], heading: string, fileName: string): void {
  const url = URL.createObjectURL(
    new Blob([`${heading}\n\n${codes.join('\n')}\n`], { type: 'text/plain;charset=utf-8' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Prints only the codes (not the page behind the dialog), from a frame of their own. */
function printCodes(codes: readonly string[], heading: string): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;visibility:hidden';
  document.body.append(frame);
  const page = frame.contentDocument;
  const view = frame.contentWindow;
  if (!page || !view) return frame.remove();
  const heading1 = page.createElement('h1');
  heading1.textContent = heading;
  const list = page.createElement('pre');
  list.style.fontSize = '14pt';
  list.textContent = codes.join('\n');
  page.body.append(heading1, list);
  view.addEventListener('afterprint', () => frame.remove());
  view.print?.();
}

/**
 * The recovery codes, shown once (only their hashes are kept): Download as a text file, Print, and "I have saved them", the
 * only way out, so that Escape or a stray click beside the dialog does not lose them. With the first factor it also says how many
 * other sessions of the user it signed out (`sessionsEnded`).
 */
export const RecoveryCodesDialog = ({
  codes,
  sessionsEnded = 0,
  onClose,
}: {
  codes: readonly string[] | null;
  sessionsEnded?: number;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const heading = translate(t('file_heading'));
  return (
    <ActionDialog
      open={codes !== null}
      onClose={onClose}
      // not dismissible: the codes are shown only now
      loading
      title={translate(t('title'))}
      error={null}
      onDismissError={() => undefined}
      actions={
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
          <Button
            startIcon={<DownloadIcon />}
            onClick={() => saveCodes(codes ?? [], heading, translate(t('file_name')))}
          >
            {translate(t('download'))}
          </Button>
          <Button startIcon={<PrintIcon />} onClick={() => printCodes(codes ?? [], heading)}>
            {translate(t('print'))}
          </Button>
          <Button variant="contained" onClick={onClose}>
            {translate(t('done'))}
          </Button>
        </Box>
      }
    >
      {sessionsEnded > 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate(t('sessions_ended'), { smart_count: sessionsEnded })}
        </Alert>
      )}
      <DialogContentText>{translate(t('intro'))}</DialogContentText>
      <Box
        component="ul"
        aria-label={translate(t('list'))}
        sx={{
          listStyle: 'none',
          p: 0,
          mt: 2,
          mb: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))',
          gap: 1,
        }}
      >
        {(codes ?? []).map((code) => (
          <Box component="li" key={code} sx={{ fontFamily: 'monospace', fontSize: '1.05rem' }}>
            {code}
          </Box>
        ))}
      </Box>
    </ActionDialog>
  );
};
