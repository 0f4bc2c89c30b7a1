import { MenuItem, TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { DayRangeFilter, useDayRangeFilter } from '../../common/dates/DayRangeFilter';
import { FilterMenuButton } from '../../common/FilterMenuButton';
import { filterText, useListFilters } from '../../common/listFilters';
import { USERS_RESOURCE, type UserRecord } from '../../dataProviders/users';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, actionLabel, targetTypeLabel } from './actions';

type ChoiceKey = 'action' | 'actor' | 'target_type';

const t = (key: string) => `caredesk.audit.filters.${key}`;

/** The users to pick an actor from; empty when the list cannot be read (the filter still shows a chosen uid). */
function useActorChoices(current: string) {
  const { data = [] } = useGetList<UserRecord>(
    USERS_RESOURCE,
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'publicName', order: 'ASC' } },
    { retry: false },
  );
  const choices = data.map((user) => ({ id: user.id, name: user.publicName }));
  return current && !choices.some((choice) => choice.id === current)
    ? [...choices, { id: current, name: current }]
    : choices;
}

/**
 * The Filter button of the audit list (its badge counting the active filters) and its menu: the time range (local days),
 * the action, the actor and the target type. They write react-admin filters time {from, to}, action, actor, target_type.
 */
export const AuditFilters = () => {
  const translate = useTranslate();
  const filters = useListFilters();
  const choice = (key: ChoiceKey) => filterText(filters.values[key]);
  const time = useDayRangeFilter('time');
  const actors = useActorChoices(choice('actor'));
  const count =
    Number(time.active) +
    Number(Boolean(choice('action'))) +
    Number(Boolean(choice('actor'))) +
    Number(Boolean(choice('target_type')));

  const setChoice = (key: ChoiceKey, next: string) => filters.set(key, next);
  const reset = () => {
    const search = filters.values.q;
    filters.replace(search ? { q: search } : {});
    time.forgetTyped();
  };

  const select = (key: ChoiceKey, choices: { id: string; name: string }[]) => (
    <TextField
      select
      size="small"
      label={translate(t(key))}
      value={choice(key)}
      onChange={(event) => setChoice(key, event.target.value)}
    >
      <MenuItem value="">{translate(t('any'))}</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <FilterMenuButton count={count} onReset={reset}>
      <DayRangeFilter filter={time} labels={{ from: translate(t('time_from')), to: translate(t('time_to')) }} />
      {select(
        'action',
        AUDIT_ACTIONS.map((action) => ({ id: action, name: actionLabel(translate, action) })),
      )}
      {select('actor', actors)}
      {select(
        'target_type',
        AUDIT_TARGET_TYPES.map((type) => ({ id: type, name: targetTypeLabel(translate, type) })),
      )}
    </FilterMenuButton>
  );
};
