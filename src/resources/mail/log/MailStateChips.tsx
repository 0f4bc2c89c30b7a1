import CheckIcon from '@mui/icons-material/Check';
import { Chip, Stack } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { mailStatesOf } from '../../../dataProviders/mail';
import { MAIL_STATES, type MailState } from '../../../dataProviders/mail/logWire';
import { STATE_COLORS } from './MailStateChip';

/**
 * The mail log's state chips: each toggles its state in the filter `state` (the states separated by commas, as in the
 * URL); none selected shows every state.
 */
export const MailStateChips = () => {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const selected = mailStatesOf(filterValues?.state) ?? [];

  const toggle = (state: MailState) => {
    const next = selected.includes(state) ? selected.filter((item) => item !== state) : [...selected, state];
    const { state: _dropped, ...rest } = (filterValues ?? {}) as Record<string, unknown>;
    const ordered = MAIL_STATES.filter((item) => next.includes(item));
    setFilters(ordered.length ? { ...rest, state: ordered.join(',') } : rest, displayedFilters, false);
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
