import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Button as MuiButton,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { CaredeskDataProvider } from '../../dataProviders';
import { MAIL_RESOURCES } from '../../dataProviders/mail';
import { describeError } from '../../dataProviders/problem';
import { senderFromExpression } from './senderFromExpression';
import { isEmail } from './validators';
import { useIsPhone } from '../../common/useIsPhone';

interface TestMailDialogProps {
  open: boolean;
  onClose: () => void;
  /** The account's expression (prefills the sender when a matching address is obvious). */
  expression: string;
}

type Field = 'sender' | 'recipient' | 'subject' | 'message';

/**
 * Asks sender, recipient, subject and message (with defaults) and sends the mail with POST /send/; then shows the
 * returned reference_uid. Errors are shown in the dialog.
 */
export const TestMailDialog = ({ open, onClose, expression }: TestMailDialogProps) => {
  const translate = useTranslate();
  const phone = useIsPhone();
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const initial = (): Record<Field, string> => ({
    sender: senderFromExpression(expression),
    recipient: '',
    subject: translate('caredesk.mail.test_mail.default_subject'),
    message: translate('caredesk.mail.test_mail.default_message'),
  });
  const [values, setValues] = useState<Record<Field, string>>(initial);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const [reference, setReference] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const errorOf = (field: Field): string | null => {
    const value = values[field].trim();
    if (!value) return translate('caredesk.validation.required');
    if ((field === 'sender' || field === 'recipient') && !isEmail(value))
      return translate('caredesk.mail.validation.email');
    return null;
  };
  const valid = (['sender', 'recipient', 'subject', 'message'] as Field[]).every((field) => errorOf(field) === null);

  const close = () => {
    setValues(initial());
    setTouched({});
    setReference(null);
    setFailure(null);
    onClose();
  };

  const send = async () => {
    if (!valid || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const { data } = await dataProvider.sendMail(MAIL_RESOURCES.accounts, {
        data: {
          sender: values.sender.trim(),
          to: [values.recipient.trim()],
          subject: values.subject,
          message: values.message,
        },
      });
      setReference(data.reference_uid);
    } catch (error) {
      setFailure(translate('caredesk.mail.test_mail.failed', { message: describeError(error, translate) }));
    } finally {
      setBusy(false);
    }
  };

  const input = (field: Field, label: string, multiline = false) => {
    const error = touched[field] ? errorOf(field) : null;
    return (
      <TextField
        label={translate(label)}
        value={values[field]}
        onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
        onBlur={() => setTouched((current) => ({ ...current, [field]: true }))}
        error={!!error}
        helperText={error ?? ' '}
        multiline={multiline}
        minRows={multiline ? 3 : undefined}
        disabled={busy || reference !== null}
        required
        fullWidth
      />
    );
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={phone}
      aria-labelledby="test-mail-title"
      PaperProps={{ sx: { width: phone ? '100%' : 500, maxWidth: '100%' } }}
    >
      <DialogTitle id="test-mail-title">{translate('caredesk.mail.test_mail.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ pt: 1 }}>
          {input('sender', 'caredesk.mail.fields.sender')}
          {input('recipient', 'caredesk.mail.fields.recipient')}
          {input('subject', 'caredesk.mail.fields.subject')}
          {input('message', 'caredesk.mail.fields.message', true)}
          {reference !== null ? (
            <Alert severity="success" role="status">
              {translate('caredesk.mail.test_mail.queued', { reference })}
            </Alert>
          ) : null}
          {failure !== null ? <Alert severity="error">{failure}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={close}>
          {translate(reference !== null ? 'caredesk.mail.test_mail.close' : 'caredesk.mail.test_mail.cancel')}
        </MuiButton>
        {reference === null ? (
          <MuiButton
            variant="contained"
            onClick={() => void send()}
            disabled={!valid || busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
          >
            {translate('caredesk.mail.test_mail.send')}
          </MuiButton>
        ) : null}
      </DialogActions>
    </Dialog>
  );
};
