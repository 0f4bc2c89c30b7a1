import CheckIcon from '@mui/icons-material/Check';
import { Chip, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useListFilters } from '../../../common/listFilters';
import { mailStatesOf } from '../../../dataProviders/mail';
import { MAIL_STATES, type MailState } from '../../../dataProviders/mail/logWire';
import { STATE_COLORS } from './MailStateChip';

/**
 * The mail log's state chips: each toggles its state in the filter `state` (the states separated by commas, as in the
 * URL); none selected shows every state.
 */
export const MailStateChips = () => {
  const translate = useTranslate();
  const filters = useListFilters();
  const selected = mailStatesOf(filters.values.state) ?? [];

  const toggle = (state: MailState) => {
    const next = selected.includes(state) ? selected.filter((item) => item !== state) : [...selected, state];
    filters.set('state', MAIL_STATES.filter((item) => next.includes(item)).join(','));
  };

  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      flexWrap="wrap"
      role="group"
      aria-label={translate('caredesk.mail_log.states_label')}
      sx={{ px: 2, py: 1 }}
    >
      {MAIL_STATES.map((state) => {
        const active = selected.includes(state);
        return (
          <Chip
            key={state}
            label={translate(`caredesk.mail_log.states.${state}`)}
            color={active ? STATE_COLORS[state] : 'default'}
            variant={active ? 'filled' : 'outlined'}
            icon={active ? <CheckIcon /> : undefined}
            aria-pressed={active}
            onClick={() => toggle(state)}
          />
        );
      })}
    </Stack>
  );
};
