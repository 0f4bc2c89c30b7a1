import DownloadIcon from '@mui/icons-material/Download';
import { CircularProgress, IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { CaredeskDataProvider } from '../../dataProviders';
import { type FileRecord, FILES_RESOURCE } from '../../dataProviders/files';
import { describeError } from '../../dataProviders/problem';

/** Saves a blob under a file name through a temporary object URL. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches the file through the data provider (with the bearer token) and saves it under its name. */
export const DownloadButton = ({ record }: { record: FileRecord }) => {
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const [loading, setLoading] = useState(false);
  const label = translate('caredesk.files.search.download');
  const download = async () => {
    setLoading(true);
    try {
      const { data } = await dataProvider.downloadFile(FILES_RESOURCE, { id: record.id, fallbackName: record.name });
      const { blob, fileName } = data;
      saveBlob(blob, fileName);
    } catch (error) {
      notify(translate('caredesk.files.search.download_failed', { message: describeError(error, translate) }), {
        type: 'error',
      });
    } finally {
      setLoading(false);
    }
  };
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={`${label} ${record.name}`} onClick={download} disabled={loading} size="small">
          {loading ? <CircularProgress size={18} /> : <DownloadIcon fontSize="small" />}
        </IconButton>
      </span>
    </Tooltip>
  );
};
