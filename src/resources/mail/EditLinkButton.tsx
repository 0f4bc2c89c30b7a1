import EditIcon from '@mui/icons-material/Edit';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** A row's edit link; its accessible name is 'Edit <what>'. */
export const EditLinkButton = ({ to, what }: { to: string; what: string }) => {
  const translate = useTranslate();
  const label = translate('caredesk.mail.list.edit');
  return (
    <Tooltip title={label}>
      <IconButton component={Link} to={to} aria-label={`${label} ${what}`} size="small">
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};
