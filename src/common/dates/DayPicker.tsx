import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { isValid } from 'date-fns';
import { type ReactNode, type Ref, useRef } from 'react';
import { DatePickerLocalization } from './DatePickerLocalization';
import { dateOfDay, dayOf, LAST_DAY } from './days';

/** What a day field holds while its text is no date (a partial or impossible day): validators name it as invalid. */
export const NOT_A_DAY = 'invalid';

/** The field's date -> 'YYYY-MM-DD', '' for an empty field, NOT_A_DAY for typed text that is no date. */
const dayOfValue = (value: Date | null): string => (value === null ? '' : isValid(value) ? dayOf(value) : NOT_A_DAY);

export interface DayPickerProps {
  label: string;
  /** 'YYYY-MM-DD', '' or NOT_A_DAY. */
  value: string;
  onChange: (day: string) => void;
  onBlur?: () => void;
  /** The earliest day the calendar offers ('YYYY-MM-DD'). */
  min?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The look of the fields around it: react-admin's forms fill theirs, MUI's dialogs outline theirs (the default). */
  variant?: 'filled' | 'outlined';
}

/**
 * One day, typed in the panel's language's format (TT.MM.JJJJ in German, MM/DD/YYYY in English) or picked in the calendar,
 * whatever the browser's own language: a native date input would follow the browser's instead.
 */
export const DayPicker = ({
  label,
  value,
  onChange,
  onBlur,
  min,
  required,
  disabled,
  error,
  helperText,
  name,
  inputRef,
  variant,
}: DayPickerProps) => {
  // the invalid date the field gave last, handed back as it is: the field then keeps what was typed
  const typed = useRef<Date | null>(null);
  const change = (date: Date | null) => {
    typed.current = date;
    onChange(dayOfValue(date));
  };
  return (
    <DatePickerLocalization>
      <DesktopDatePicker
        label={label}
        value={value === NOT_A_DAY ? (typed.current ?? new Date(Number.NaN)) : dateOfDay(value)}
        onChange={change}
        minDate={dateOfDay(min) ?? undefined}
        maxDate={LAST_DAY}
        disabled={disabled}
        name={name}
        inputRef={inputRef}
        // the asterisk only: a required native input would stop the form's submit in the browser before its validators speak
        slotProps={{
          field: { onBlur },
          textField: { variant, error, helperText, slotProps: { inputLabel: { required } } },
        }}
      />
    </DatePickerLocalization>
  );
};
