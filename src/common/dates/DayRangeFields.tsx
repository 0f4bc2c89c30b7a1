import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import type { FieldRef, PickerChangeHandlerContext } from '@mui/x-date-pickers/models';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { DatePickerLocalization } from './DatePickerLocalization';
import { type DayProblem, FIRST_DAY, LAST_DAY, dateOfDay, dayOf, dayProblem } from './days';

/** How long typing may pause before a complete date applies: editing 01 to 15 day by day does not apply 01 first. */
export const TYPING_PAUSE_MS = 400;

type DayFieldMessages = Record<DayProblem | 'incomplete', string>;

interface DayFieldProps {
  label: string;
  /** The applied day ('YYYY-MM-DD'), '' for none. */
  day: string;
  from?: Date | null;
  to?: Date | null;
  onApply: (day: string) => void;
  messages: DayFieldMessages;
}

const allEmpty = (field: FieldRef<Date | null> | null) =>
  (field?.getSections() ?? []).every((section) => section.value === '');

/**
 * One day of a filter, typed in the panel's format or picked in the calendar. A complete valid day applies once typing
 * pauses (at once from the calendar); an emptied field applies no day; a partial day applies nothing; an invalid one
 * shows why and keeps what was typed.
 */
const DayField = ({ label, day, from, to, onApply, messages }: DayFieldProps) => {
  const [draft, setDraft] = useState<Date | null>(() => dateOfDay(day));
  const [focused, setFocused] = useState(false);
  const [incomplete, setIncomplete] = useState(false);
  const field = useRef<FieldRef<Date | null>>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef({ draft, day, from, to, onApply });
  latest.current = { draft, day, from, to, onApply };

  // the applied day changed elsewhere (URL, reset): show it
  const showApplied = useEffectEvent((day: string) => {
    const shown = draft && dayProblem(draft, {}) === null ? dayOf(draft) : '';
    if (shown !== day) setDraft(dateOfDay(day));
  });
  useEffect(() => showApplied(day), [day]);
  // closing the menu right after typing a day still applies it
  useEffect(() => () => (timer.current !== undefined && latest.current.draft !== null ? apply() : undefined), []);

  const apply = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const current = latest.current;
    let next: string | undefined;
    if (current.draft === null) next = allEmpty(field.current) ? '' : undefined;
    else if (dayProblem(current.draft, current) === null) next = dayOf(current.draft);
    if (next !== undefined && next !== current.day) current.onApply(next);
  };

  const onChange = (value: Date | null, context: PickerChangeHandlerContext<unknown>) => {
    setDraft(value);
    latest.current.draft = value;
    setIncomplete(false);
    clearTimeout(timer.current);
    if (context.source === 'field') timer.current = setTimeout(apply, TYPING_PAUSE_MS);
    else apply();
  };

  const stillTypingYear =
    focused && draft !== null && dayProblem(draft, {}) === 'invalid' && draft.getFullYear() < 1000;
  const problem = incomplete ? 'incomplete' : draft && !stillTypingYear ? dayProblem(draft, { from, to }) : null;

  return (
    <DesktopDatePicker
      label={label}
      value={draft}
      onChange={onChange}
      minDate={from ?? FIRST_DAY}
      maxDate={to ?? LAST_DAY}
      slotProps={{
        field: {
          fieldRef: field,
          clearable: true,
          onFocus: () => {
            setFocused(true);
            setIncomplete(false);
          },
          onBlur: () => {
            setFocused(false);
            setIncomplete(draft === null && !allEmpty(field.current));
            apply();
          },
        },
        textField: { size: 'small', error: problem !== null, helperText: problem ? messages[problem] : undefined },
      }}
    />
  );
};

interface DayRangeFieldsProps {
  /** The applied range, days as 'YYYY-MM-DD'. */
  from: string;
  to: string;
  onApply: (range: { from?: string; to?: string }) => void;
  labels: { from: string; to: string };
  messages: DayFieldMessages;
}

/** A from/to pair of whole local days for a list filter; each end is optional. Render a new key to clear what was typed. */
export const DayRangeFields = ({ from, to, onApply, labels, messages }: DayRangeFieldsProps) => {
  const fromDate = dateOfDay(from);
  const toDate = dateOfDay(to);
  return (
    <DatePickerLocalization>
      <DayField
        label={labels.from}
        day={from}
        to={toDate}
        messages={messages}
        onApply={(day) => onApply({ from: day, to })}
      />
      <DayField
        label={labels.to}
        day={to}
        from={fromDate}
        messages={messages}
        onApply={(day) => onApply({ from, to: day })}
      />
    </DatePickerLocalization>
  );
};
