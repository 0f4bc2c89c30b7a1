import EditIcon from '@mui/icons-material/Edit';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { IfCan } from '../../common/permissions';

/** A row's edit link (mail:manage); its accessible name is 'Edit <what>'. */
export const EditLinkButton = ({ to, what }: { to: string; what: string }) => {
  const translate = useTranslate();
  const label = translate('caredesk.mail.list.edit');
  return (
    <IfCan permission="mail:manage">
      <Tooltip title={label}>
        <IconButton component={Link} to={to} aria-label={`${label} ${what}`} size="small">
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </IfCan>
  );
};
