import { Link } from '@mui/material';
import type { ReactNode } from 'react';
import { type Identifier, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { mailPaths } from './paths';

interface MailLinkProps {
  uid: Identifier;
  /** The text of the link: the subject by default ("no subject" for an empty one). */
  children?: ReactNode;
  subject?: string;
}

/**
 * A mail's subject as the link to its detail: in a row, which opens it too, the link serves the keyboard; in a phone's card
 * with buttons of its own, which cannot be one big button (nested controls), it is the way to the mail.
 */
export const MailLink = ({ uid, children, subject }: MailLinkProps) => {
  const translate = useTranslate();
  return (
    <Link component={RouterLink} to={mailPaths.mail(uid)} onClick={(event) => event.stopPropagation()} sx={{ overflowWrap: 'anywhere' }}>
      {children ?? (subject || translate('caredesk.mail_log.detail.no_subject'))}
    </Link>
  );
};
