import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { FilterMenuButton } from '../../common/FilterMenuButton';
import { filterText, useListFilters } from '../../common/listFilters';
import { WRAPPING_SELECT } from '../../common/wrappingSelect';

/**
 * The users list's Filter button with a provider configured: how users sign in (Any, Password, the provider), the service's
 * `sign_in` filter. Reset clears it; the search stays.
 */
export const SignInFilter = ({ provider }: { provider: string }) => {
  const translate = useTranslate();
  const filters = useListFilters();
  const value = filterText(filters.values.sign_in);
  return (
    <FilterMenuButton count={Number(value !== '')} onReset={() => filters.set('sign_in', undefined)}>
      <TextField
        select
        size="small"
        label={translate('resources.users.fields.sign_in')}
        value={value}
        onChange={(event) => filters.set('sign_in', event.target.value)}
        sx={WRAPPING_SELECT}
      >
        <MenuItem value="">{translate('resources.users.sign_in.any')}</MenuItem>
        <MenuItem value="password">{translate('resources.users.sign_in.password')}</MenuItem>
        <MenuItem value="oidc">{provider}</MenuItem>
      </TextField>
    </FilterMenuButton>
  );
};
