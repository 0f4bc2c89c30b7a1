import AutorenewIcon from '@mui/icons-material/Autorenew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  Tooltip,
} from '@mui/material';
import { DayPicker } from '../../common/dates/DayPicker';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import { ActionDialog } from '../../common/ActionDialog';
import { useDialogAction } from '../../common/useDialogAction';
import { FOCUS_DELAY_MS } from '../../common/dialogConstants';
import {
  expiryError,
  generateApiToken,
  isTokenFormValid,
  todayString,
  toNewToken,
  type TokenFormValues,
} from './tokenRules';

const EXPIRY_MESSAGES = {
  required: 'caredesk.validation.required',
  invalid: 'caredesk.files.tokens.expiry_invalid',
  past: 'caredesk.files.tokens.expiry_past',
} as const;

const EMPTY: TokenFormValues = { service: '', token: '', hasExpiry: false, expiry: '' };

/** Copies a generated value (the only time anyone sees it whole); a refused clipboard says how to copy it by hand. */
const CopyTokenButton = ({ value, disabled }: { value: string; disabled: boolean }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const label = translate('caredesk.files.tokens.copy');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify('caredesk.files.tokens.copied', { type: 'success' });
    } catch {
      notify('caredesk.files.tokens.copy_failed', { type: 'warning' });
    }
  };
  return (
    <InputAdornment position="end">
      <Tooltip title={label} disableInteractive>
        <span>
          <IconButton aria-label={label} edge="end" onClick={copy} disabled={disabled}>
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </InputAdornment>
  );
};

/** Service, token (with Generate) and an optional expiry day; errors stay in the dialog. */
export const AddTokenDialog = ({
  resource,
  open,
  onClose,
}: {
  resource: string;
  open: boolean;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const [create] = useCreate();
  const [values, setValues] = useState<TokenFormValues>(EMPTY);
  // the value the panel generated last: offered for copying while the field still holds it
  const [generated, setGenerated] = useState('');
  const { loading, error, clearError, reset, run } = useDialogAction(onClose);
  const serviceInput = useRef<HTMLInputElement>(null);

  const [expiryTouched, setExpiryTouched] = useState(false);
  // each opening starts empty
  const startEmpty = useEffectEvent(() => {
    setValues(EMPTY);
    setGenerated('');
    setExpiryTouched(false);
    reset();
    const timer = setTimeout(() => serviceInput.current?.focus(), FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  });
  useEffect(() => (open ? startEmpty() : undefined), [open]);

  const set = (patch: Partial<TokenFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const expiryProblem = expiryError(values.hasExpiry, values.expiry);
  // an empty day is only wrong once the person has left the field: ticking the box does not scold at once
  const shownExpiryProblem = expiryProblem === 'required' && !expiryTouched ? null : expiryProblem;
  const valid = isTokenFormValid(values);
  const generate = () => {
    const token = generateApiToken();
    setGenerated(token);
    set({ token });
  };

  const submit = async () => {
    if (!valid) return;
    await run(
      () => create(resource, { data: toNewToken(values) }, { returnPromise: true }),
      'caredesk.files.tokens.added',
    );
  };

  return (
    <ActionDialog
      open={open}
      onClose={onClose}
      loading={loading}
      title={translate('caredesk.files.tokens.add_title')}
      error={error}
      onDismissError={clearError}
      actions={
        <>
          <Button onClick={onClose} disabled={loading}>
            {translate('caredesk.files.tokens.cancel')}
          </Button>
          <Button variant="contained" onClick={submit} disabled={!valid} loading={loading}>
            {translate('caredesk.files.tokens.save')}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          inputRef={serviceInput}
          label={translate('caredesk.files.tokens.service')}
          value={values.service}
          required
          onChange={(event) => set({ service: event.target.value })}
          disabled={loading}
        />
        <Stack direction="row" spacing={1} alignItems="flex-start">
          <TextField
            label={translate('caredesk.files.tokens.token')}
            value={values.token}
            required
            fullWidth
            onChange={(event) => set({ token: event.target.value })}
            disabled={loading}
            slotProps={{
              htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } },
              input: {
                endAdornment: generated !== '' && values.token === generated && (
                  <CopyTokenButton value={generated} disabled={loading} />
                ),
              },
            }}
          />
          <Button startIcon={<AutorenewIcon />} onClick={generate} disabled={loading} sx={{ mt: 1 }}>
            {translate('caredesk.files.tokens.generate')}
          </Button>
        </Stack>
        <FormControlLabel
          control={
            <Checkbox
              checked={values.hasExpiry}
              onChange={(event) => set({ hasExpiry: event.target.checked })}
              disabled={loading}
            />
          }
          label={translate('caredesk.files.tokens.has_expiry')}
        />
        {values.hasExpiry && (
          <DayPicker
            label={translate('caredesk.files.tokens.expiry_date')}
            value={values.expiry}
            required
            onChange={(expiry) => set({ expiry })}
            onBlur={() => setExpiryTouched(true)}
            error={shownExpiryProblem !== null}
            helperText={shownExpiryProblem ? translate(EXPIRY_MESSAGES[shownExpiryProblem]) : ' '}
            disabled={loading}
            min={todayString()}
          />
        )}
      </Stack>
    </ActionDialog>
  );
};
