import BlockIcon from '@mui/icons-material/Block';
import RedoIcon from '@mui/icons-material/Redo';
import ReplayIcon from '@mui/icons-material/Replay';
import { Button, Stack } from '@mui/material';
import { useRef, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../common/ConfirmDialog';
import { IfCan } from '../../../common/permissions';
import type { CaredeskDataProvider } from '../../../dataProviders';
import { MAIL_RESOURCES } from '../../../dataProviders/mail';
import type { MailDetailRecord } from '../../../dataProviders/mail/logRecords';
import { CANCELLABLE_STATES } from '../../../dataProviders/mail/logWire';
import { mailPaths } from '../paths';

const t = (key: string) => `caredesk.mail_log.actions.${key}`;

/**
 * Resend, Requeue and Cancel on a mail's detail (mail:manage), each after a confirm dialog that shows a refusal in words.
 * Resend opens the new mail; Requeue (only for a failed mail: the same mail back into the queue, which is how a phone,
 * whose failed list cannot select, requeues) and Cancel (only while queued or retrying) reload this one.
 */
export const MailActions = ({ mail, onChanged }: { mail: MailDetailRecord; onChanged: () => void }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const [open, setOpen] = useState<'resend' | 'requeue' | 'cancel' | null>(null);
  const created = useRef<string | null>(null);
  const close = () => setOpen(null);

  return (
    <IfCan permission="mail:manage">
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
        <Button variant="outlined" startIcon={<ReplayIcon />} onClick={() => setOpen('resend')}>
          {translate(t('resend'))}
        </Button>
        {mail.state === 'failed' && (
          <Button variant="outlined" startIcon={<RedoIcon />} onClick={() => setOpen('requeue')}>
            {translate(t('requeue'))}
          </Button>
        )}
        {CANCELLABLE_STATES.includes(mail.state) && (
          <Button variant="outlined" color="error" startIcon={<BlockIcon />} onClick={() => setOpen('cancel')}>
            {translate(t('cancel'))}
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={open === 'resend'}
        onClose={close}
        title={t('resend_title')}
        message={t('resend_message')}
        confirmLabel={t('resend_confirm')}
        successMessage={t('resent')}
        onConfirm={async () => {
          created.current = (await dataProvider.resendMail(MAIL_RESOURCES.log, { id: mail.id })).data.id;
        }}
        onConfirmed={() => {
          onChanged();
          if (created.current) void navigate(mailPaths.mail(created.current));
        }}
      />
      <ConfirmDialog
        open={open === 'requeue'}
        onClose={close}
        title={t('requeue_title')}
        message={t('requeue_message')}
        confirmLabel={t('requeue')}
        successMessage={t('requeued')}
        onConfirm={() => dataProvider.requeueMails(MAIL_RESOURCES.failed, { ids: [mail.id] })}
        onConfirmed={onChanged}
      />
      <ConfirmDialog
        open={open === 'cancel'}
        onClose={close}
        title={t('cancel_title')}
        message={t('cancel_message')}
        confirmLabel={t('cancel_confirm')}
        successMessage={t('cancelled')}
        onConfirm={() => dataProvider.cancelMail(MAIL_RESOURCES.log, { id: mail.id })}
        onConfirmed={onChanged}
      />
    </IfCan>
  );
};
