import EditIcon from '@mui/icons-material/Edit';
import { IconButton, Tooltip } from '@mui/material';
import type { MouseEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { UserRecord } from '../../dataProviders/users';
import { usersPaths } from './paths';
import { IfCan } from '../../common/permissions';

/** The Actions column: a link to /users/{uid}/ (users:manage). */
export const EditUserButton = ({ record }: { record: UserRecord }) => {
  const translate = useTranslate();
  const label = translate('resources.users.list.edit');
  return (
    <IfCan permission="users:manage">
      <Tooltip title={label}>
        <IconButton
          component={Link}
          to={usersPaths.edit(record.id)}
          aria-label={`${label} ${record.publicName}`}
          size="small"
          // the row opens the user too: one navigation, one history entry
          onClick={(event: MouseEvent) => event.stopPropagation()}
        >
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </IfCan>
  );
};
