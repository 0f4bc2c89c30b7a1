import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { UploadDialog } from './UploadDialog';
import { IfCan } from '../../common/permissions';

/** Opens the upload dialog (files:write). */
export const UploadButton = () => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <IfCan permission="files:write">
      <Button size="small" startIcon={<CloudUploadIcon />} onClick={() => setOpen(true)}>
        {translate('caredesk.files.upload.button')}
      </Button>
      <UploadDialog open={open} onClose={() => setOpen(false)} />
    </IfCan>
  );
};
