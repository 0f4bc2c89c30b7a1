import { Checkbox, FormControlLabel } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';

/** A labelled checkbox bound to a boolean form field (react-admin's BooleanInput is a switch). */
export const CheckboxInput = ({ source, label }: { source: string; label: string }) => {
  const translate = useTranslate();
  const { field } = useInput({ source, defaultValue: false });
  return (
    <FormControlLabel
      control={
        <Checkbox
          checked={!!field.value}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
          name={field.name}
        />
      }
      label={translate(label)}
    />
  );
};
