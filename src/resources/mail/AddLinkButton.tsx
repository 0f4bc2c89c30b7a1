import AddIcon from '@mui/icons-material/Add';
import { Button } from 'react-admin';
import { Link } from 'react-router-dom';
import { IfCan } from '../../common/permissions';

/** The list toolbar's Add link to an editor route (mail:manage). */
export const AddLinkButton = ({ to }: { to: string }) => (
  <IfCan permission="mail:manage">
    <Button component={Link} to={to} label="caredesk.mail.list.add">
      <AddIcon />
    </Button>
  </IfCan>
);
