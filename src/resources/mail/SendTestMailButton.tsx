import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { useState } from 'react';
import { Button, useTranslate } from 'react-admin';
import { DialogIconButton } from '../../common/DialogIconButton';
import type { Account } from '../../dataProviders/mail/wire';
import { TestMailDialog } from './TestMailDialog';
import { IfCan } from '../../common/permissions';

/** Opens the test-mail dialog for an account (an icon button in list rows, a text button on the editor); mail:send. */
export const SendTestMailButton = ({
  account,
  iconOnly = false,
}: {
  account: Pick<Account, 'expression'>;
  iconOnly?: boolean;
}) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const label = translate('caredesk.mail.test_mail.open');
  return (
    <IfCan permission="mail:send">
      {iconOnly ? (
        <DialogIconButton
          title={label}
          aria-label={`${label} ${account.expression}`}
          size="small"
          onClick={() => setOpen(true)}
        >
          <ForwardToInboxIcon fontSize="small" />
        </DialogIconButton>
      ) : (
        <Button label="caredesk.mail.test_mail.open" onClick={() => setOpen(true)}>
          <ForwardToInboxIcon />
        </Button>
      )}
      {open ? <TestMailDialog open={open} onClose={() => setOpen(false)} expression={account.expression} /> : null}
    </IfCan>
  );
};
