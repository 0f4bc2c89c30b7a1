import { Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { mailPaths } from './paths';

/** A mail's subject as the link to its detail (the row opens it too; the link serves the keyboard). */
export const MailLink = ({ uid, subject }: { uid: string; subject: string }) => {
  const translate = useTranslate();
  return (
    <Link component={RouterLink} to={mailPaths.mail(uid)} onClick={(event) => event.stopPropagation()} sx={{ overflowWrap: 'anywhere' }}>
      {subject || translate('caredesk.mail_log.detail.no_subject')}
    </Link>
  );
};
