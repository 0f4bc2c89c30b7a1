import KeyIcon from '@mui/icons-material/Key';
import { Button, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SecondFactorChallenge } from '../session/secondFactorChallenge';

export type CodeMethod = 'totp' | 'recovery_code';

export const firstCodeMethod = (methods: SecondFactorChallenge['methods']): CodeMethod | null =>
  methods.includes('totp')
    ? 'totp'
    : !methods.includes('webauthn') && methods.includes('recovery_code')
      ? 'recovery_code'
      : null;

interface SecondFactorFieldsProps {
  challenge: SecondFactorChallenge;
  method: CodeMethod | null;
  onMethodChange: (method: CodeMethod) => void;
  code: string;
  onCodeChange: (code: string) => void;
  onUsePasskey: () => void;
  disabled: boolean;
}

const t = (key: string) => `caredesk.second_factor.${key}`;

/**
 * The second step inside the panel (the re-authentication dialog): a one-time code with the numeric keyboard and the
 * platform's one-time-code autofill, or a recovery code, or a passkey, each offered only when the service lists it.
 */
/** The one code field, as each method needs it (a new field when the method changes: `key`). */
const CODE_FIELDS = {
  totp: {
    label: 'code',
    name: 'totp_code',
    autoComplete: 'one-time-code',
    htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 },
  },
  recovery_code: {
    label: 'recovery_code',
    name: 'recovery_code',
    autoComplete: 'off',
    htmlInput: { autoCapitalize: 'none', spellCheck: false },
  },
} as const;

export const SecondFactorFields = ({
  challenge,
  method,
  onMethodChange,
  code,
  onCodeChange,
  onUsePasskey,
  disabled,
}: SecondFactorFieldsProps) => {
  const translate = useTranslate();
  const other: CodeMethod = method === 'recovery_code' ? 'totp' : 'recovery_code';
  return (
    <Stack spacing={1.5} sx={{ mt: 1 }}>
      {method !== null && (
        <TextField
          key={method}
          label={translate(t(CODE_FIELDS[method].label))}
          name={CODE_FIELDS[method].name}
          value={code}
          onChange={(event) => onCodeChange(event.target.value)}
          autoComplete={CODE_FIELDS[method].autoComplete}
          autoFocus
          disabled={disabled}
          slotProps={{ htmlInput: CODE_FIELDS[method].htmlInput }}
          fullWidth
        />
      )}
      {challenge.methods.includes('webauthn') && (
        <Button
          variant="outlined"
          startIcon={<KeyIcon />}
          onClick={onUsePasskey}
          disabled={disabled}
          autoFocus={method === null}
        >
          {translate(t('use_passkey'))}
        </Button>
      )}
      {challenge.methods.includes(other) && (
        <Button onClick={() => onMethodChange(other)} disabled={disabled} sx={{ alignSelf: 'flex-start' }}>
          {translate(t(other === 'totp' ? 'use_app' : 'use_recovery_code'))}
        </Button>
      )}
    </Stack>
  );
};
