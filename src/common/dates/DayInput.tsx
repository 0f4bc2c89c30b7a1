import { InputHelperText, type InputProps, useInput, useTranslate } from 'react-admin';
import { DayPicker } from './DayPicker';

const dayText = (value: unknown) => (typeof value === 'string' ? value : '');

/** A react-admin input of one day ('YYYY-MM-DD') in the panel's format; its validators see NOT_A_DAY for typed text that is no date. */
export const DayInput = ({ min, ...props }: InputProps & { label: string; min?: string }) => {
  const translate = useTranslate();
  const { field, fieldState, isRequired } = useInput({
    ...props,
    format: dayText,
  });
  return (
    <DayPicker
      label={translate(props.label)}
      value={dayText(field.value)}
      onChange={field.onChange}
      onBlur={field.onBlur}
      min={min}
      required={isRequired}
      name={field.name}
      inputRef={field.ref}
      variant="filled"
      error={fieldState.invalid}
      helperText={<InputHelperText error={fieldState.error?.message} helperText=" " />}
    />
  );
};
