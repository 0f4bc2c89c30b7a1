import { type InputHTMLAttributes, type RefObject, useId } from 'react';

/** A filled text field with a floating label, in the login page's plain CSS (login.css). */
export const LoginField = ({
  label,
  inputRef,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; inputRef?: RefObject<HTMLInputElement | null> }) => {
  const id = useId();
  return (
    <div className={input.disabled ? 'login-field login-field--disabled' : 'login-field'}>
      {/* the label follows the input so that CSS can float it once the input has focus or a value */}
      <input id={id} ref={inputRef} placeholder=" " {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
};
