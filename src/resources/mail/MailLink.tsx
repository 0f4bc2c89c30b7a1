import { Link, Tooltip } from '@mui/material';
import type { MouseEvent, ReactNode } from 'react';
import { type Identifier, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ONE_LINE_SX, useOneLine } from '../../common/OneLineText';
import { mailPaths } from './paths';

interface MailLinkProps {
  uid: Identifier;
  /** The text of the link: the subject by default ("no subject" for an empty one). */
  children?: ReactNode;
  subject?: string;
}

const stopRowClick = (event: MouseEvent) => event.stopPropagation();

/**
 * A mail's subject as the link to its detail: in a row, which opens it too, the link serves the keyboard; in a phone's card
 * with buttons of its own, which cannot be one big button (nested controls), it is the way to the mail. It wraps anywhere.
 */
export const MailLink = ({ uid, children, subject }: MailLinkProps) => {
  const translate = useTranslate();
  return (
    <Link component={RouterLink} to={mailPaths.mail(uid)} onClick={stopRowClick} sx={{ overflowWrap: 'anywhere' }}>
      {children ?? (subject || translate('caredesk.mail_log.detail.no_subject'))}
    </Link>
  );
};

/** The subject's link in one line of a table: cut with an ellipsis where the column is narrower, the whole subject on hover and on focus. */
export const OneLineMailLink = ({ uid, subject }: { uid: Identifier; subject: string }) => {
  const translate = useTranslate();
  const text = subject || translate('caredesk.mail_log.detail.no_subject');
  const { ref, tooltip } = useOneLine<HTMLAnchorElement>(text);
  return (
    <Tooltip {...tooltip}>
      <Link ref={ref} component={RouterLink} to={mailPaths.mail(uid)} onClick={stopRowClick} sx={ONE_LINE_SX}>
        {text}
      </Link>
    </Tooltip>
  );
};
