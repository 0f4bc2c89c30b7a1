import DownloadIcon from '@mui/icons-material/Download';
import { CircularProgress, IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useServices } from '../../auth/ServicesContext';
import type { FileRecord } from '../../dataProviders/files';
import { describeError } from '../../dataProviders/problem';
import { fetchFile, saveBlob } from './download';

/** Fetches the file with the bearer token and saves it under its name. */
export const DownloadButton = ({ record }: { record: FileRecord }) => {
  const services = useServices();
  const translate = useTranslate();
  const notify = useNotify();
  const [loading, setLoading] = useState(false);
  const label = translate('caredesk.files.search.download');
  const download = async () => {
    setLoading(true);
    try {
      const { blob, fileName } = await fetchFile(services, record.id, record.name);
      saveBlob(blob, fileName);
    } catch (error) {
      notify(translate('caredesk.files.search.download_failed', { message: describeError(error, translate) }), { type: 'error' });
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
