import KeyIcon from '@mui/icons-material/Key';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { AddedFactor } from '../../dataProviders/ownAccount';
import { AddAuthenticatorAppDialog } from './AddAuthenticatorAppDialog';
import { AddPasskeyDialog } from './AddPasskeyDialog';
import { RecoveryCodesDialog } from './RecoveryCodesDialog';
import { useOwnFactors } from './useOwnFactors';

type Adding = 'totp' | 'webauthn' | null;

/**
 * "Add authenticator app" and "Add passkey or security key" with their dialogs; the first factor's recovery codes follow in
 * their own dialog. `onAdded` runs as soon as a factor is added, `onCodesSaved` once its codes (if any) were dismissed.
 */
export const AddFactorButtons = ({ onAdded, onCodesSaved }: { onAdded?: () => void; onCodesSaved?: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const factors = useOwnFactors();
  const [adding, setAdding] = useState<Adding>(null);
  const [firstFactor, setFirstFactor] = useState<AddedFactor | null>(null);

  const added = (kind: 'totp' | 'passkey') => (result: AddedFactor) => {
    setAdding(null);
    onAdded?.();
    // with recovery codes their dialog says it (and how many other sessions the first factor ended); a notification would lie over its buttons on a phone
    if (result.recovery_codes?.length) return setFirstFactor(result);
    notify(`caredesk.security.${kind}.added`, { type: 'success' });
    onCodesSaved?.();
  };

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" startIcon={<PhonelinkLockIcon />} onClick={() => setAdding('totp')}>
          {translate('caredesk.security.add_totp')}
        </Button>
        <Button variant="outlined" startIcon={<KeyIcon />} onClick={() => setAdding('webauthn')}>
          {translate('caredesk.security.add_passkey')}
        </Button>
      </Box>
      {/* mounted per opening, so that each starts empty */}
      {adding === 'totp' && (
        <AddAuthenticatorAppDialog open factors={factors} onClose={() => setAdding(null)} onAdded={added('totp')} />
      )}
      {adding === 'webauthn' && (
        <AddPasskeyDialog open factors={factors} onClose={() => setAdding(null)} onAdded={added('passkey')} />
      )}
      <RecoveryCodesDialog
        codes={firstFactor?.recovery_codes ?? null}
        sessionsEnded={firstFactor?.sessions_ended}
        onClose={() => {
          setFirstFactor(null);
          onCodesSaved?.();
        }}
      />
    </>
  );
};
