import { Autocomplete, TextField } from '@mui/material';
import { FieldTitle, InputHelperText, useInput, useTranslate, type Validator } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { normalizeRoles } from '../../dataProviders/users';
import { RoleChip } from './RoleChip';
import { KNOWN_ROLES } from './roles';

interface RolesInputProps {
  source: string;
  label?: string;
  validate?: Validator | Validator[];
  /** Shown, not changed (a linked user's roles, which the provider sets), with the reason below. */
  readOnly?: boolean;
  helperText?: string;
}

/** Roles as a tag input: typeahead from the known roles, free text allowed (Enter adds it). */
export const RolesInput = ({
  source,
  label = 'resources.users.fields.roles',
  validate,
  readOnly = false,
  helperText,
}: RolesInputProps) => {
  const translate = useTranslate();
  const { id, field, fieldState, isRequired } = useInput({ source, validate, defaultValue: [] });
  const { isSubmitted } = useFormState();
  const value = Array.isArray(field.value)
    ? field.value.filter((role): role is string => typeof role === 'string')
    : [];
  const showError = !!fieldState.error && (fieldState.isTouched || isSubmitted || fieldState.isDirty);

  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      readOnly={readOnly}
      filterSelectedOptions
      id={id}
      options={[...KNOWN_ROLES]}
      value={value}
      onChange={(_event, next) => field.onChange(normalizeRoles(next))}
      onBlur={field.onBlur}
      renderValue={(selected, getItemProps) =>
        selected.map((role, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <RoleChip key={key} role={role} {...itemProps} />;
        })
      }
      sx={{ minWidth: { sm: 400 } }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={<FieldTitle label={label} source={source} isRequired={isRequired} />}
          placeholder={translate('resources.users.edit.add_role')}
          error={showError}
          helperText={
            <InputHelperText error={showError ? fieldState.error?.message : undefined} helperText={helperText} />
          }
          margin="dense"
        />
      )}
    />
  );
};
