import KeyIcon from '@mui/icons-material/Key';
import { Button, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SecondFactorChallenge } from '../auth/secondFactorChallenge';

export type CodeMethod = 'totp' | 'recovery_code';

export const firstCodeMethod = (methods: SecondFactorChallenge['methods']): CodeMethod | null =>
  methods.includes('totp') ? 'totp' : !methods.includes('webauthn') && methods.includes('recovery_code') ? 'recovery_code' : null;

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
export const SecondFactorFields = ({ challenge, method, onMethodChange, code, onCodeChange, onUsePasskey, disabled }: SecondFactorFieldsProps) => {
  const translate = useTranslate();
  const other: CodeMethod = method === 'recovery_code' ? 'totp' : 'recovery_code';
  return (
    <Stack spacing={1.5} sx={{ mt: 1 }}>
      {method === 'totp' && (
        <TextField
          key="totp"
          label={translate(t('code'))}
          name="totp_code"
          value={code}
          onChange={(event) => onCodeChange(event.target.value)}
          autoComplete="one-time-code"
          autoFocus
          disabled={disabled}
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 } }}
          fullWidth
        />
      )}
      {method === 'recovery_code' && (
        <TextField
          key="recovery"
          label={translate(t('recovery_code'))}
          name="recovery_code"
          value={code}
          onChange={(event) => onCodeChange(event.target.value)}
          autoComplete="off"
          autoFocus
          disabled={disabled}
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          fullWidth
        />
      )}
      {challenge.methods.includes('webauthn') && (
        <Button variant="outlined" startIcon={<KeyIcon />} onClick={onUsePasskey} disabled={disabled} autoFocus={method === null}>
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
