import EditIcon from '@mui/icons-material/Edit';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { UserRecord } from '../../dataProviders/users';
import { usersPaths } from './paths';

/** The Actions column: a link to /users/{uid}/. */
export const EditUserButton = ({ record }: { record: UserRecord }) => {
  const translate = useTranslate();
  const label = translate('resources.users.list.edit');
  return (
    <Tooltip title={label}>
      <IconButton component={Link} to={usersPaths.edit(record.id)} aria-label={`${label} ${record.publicName}`} size="small">
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};
