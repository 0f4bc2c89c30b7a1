import { Box, Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { visuallyHidden } from '../../common/visuallyHidden';
import type { UserRecord } from '../../dataProviders/users';

const STATE_KEYS = { on: 'on', 'required-missing': 'required_missing', off: 'off' } as const;

/** The translation key of a second-factor state's name (the chip's label, the export's cell). */
export const secondFactorStateKey = (state: UserRecord['secondFactor']) =>
  `resources.users.second_factor.states.${STATE_KEYS[state]}`;

/**
 * The user's second factor: On (green), "Required, missing" (red: the roles require one and none is set up), Off (outlined).
 * The filled colours keep a white label at 4.5:1; screen readers hear what the chip is about on a phone's card too. With
 * `onOpen` (for those whose rows open no editor) it is a button that shows the user's factors.
 */
export const SecondFactorChip = ({ record, onOpen }: { record: UserRecord; onOpen?: (record: UserRecord) => void }) => {
  const translate = useTranslate();
  const state = record.secondFactor;
  const color = state === 'on' ? 'success' : state === 'required-missing' ? 'error' : 'default';
  const stateLabel = translate(secondFactorStateKey(state));
  return (
    <Chip
      onClick={onOpen && (() => onOpen(record))}
      aria-label={
        onOpen && `${translate('resources.users.second_factor.of_user', { name: record.publicName })}: ${stateLabel}`
      }
      size="small"
      color={color}
      variant={state === 'off' ? 'outlined' : 'filled'}
      data-testid="second-factor-chip"
      label={
        <>
          <Box component="span" sx={visuallyHidden}>
            {`${translate('resources.users.fields.second_factor')}: `}
          </Box>
          {stateLabel}
        </>
      }
    />
  );
};
