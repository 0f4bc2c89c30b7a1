import { useEffect, useEffectEvent, useRef } from 'react';
import { useFormContext } from 'react-hook-form';

/** A field error the intake reported, already translated, on its form path ("zipCode", "patients.1.mobility"). */
export interface ServerFieldError {
  source: string;
  message: string;
}

const FIELD_SELECTOR = 'input, textarea, select, [role="combobox"]';

const focusable = (element: HTMLElement) =>
  !(element as HTMLInputElement).disabled &&
  element.tabIndex >= 0 &&
  element.getAttribute('aria-hidden') !== 'true' &&
  (element as HTMLInputElement).type !== 'hidden';

function focusFirstField(form: HTMLElement) {
  [...form.querySelectorAll<HTMLElement>(FIELD_SELECTOR)].find(focusable)?.focus();
}

/**
 * Placed inside a step's form. When the step is entered (Next, Back, back from the Failed card), it shows the intake's
 * errors on their fields (each cleared once its field changes) and moves the focus to the first of them, else to the
 * step's first field, so keyboard and screen-reader users continue where the step begins.
 */
export const StepEntry = ({ errors = [], focus }: { errors?: ServerFieldError[]; focus: boolean }) => {
  const { setError, clearErrors, watch } = useFormContext();
  const anchor = useRef<HTMLSpanElement>(null);

  // only on entering the step: later changes of the props must not bring cleared errors back
  const enterStep = useEffectEvent(() => {
    const sources = new Set(errors.map((error) => error.source));
    const subscription = watch((_values, { name }) => {
      if (name && sources.delete(name)) clearErrors(name);
    });
    // after the form's own mount effects, which reset its errors
    const timer = setTimeout(() => {
      errors.forEach((error, index) =>
        setError(error.source, { type: 'server', message: error.message }, { shouldFocus: focus && index === 0 }),
      );
      const form = anchor.current?.closest('form');
      if (focus && form && !form.contains(document.activeElement)) focusFirstField(form);
    });
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
    };
  });
  useEffect(() => enterStep(), []);

  return <span ref={anchor} hidden />;
};
