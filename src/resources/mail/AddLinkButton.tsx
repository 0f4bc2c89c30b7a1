import AddIcon from '@mui/icons-material/Add';
import { Button } from 'react-admin';
import { Link } from 'react-router-dom';

/** The list toolbar's Add link to an editor route. */
export const AddLinkButton = ({ to }: { to: string }) => (
  <Button component={Link} to={to} label="caredesk.mail.list.add">
    <AddIcon />
  </Button>
);
