import SendIcon from '@mui/icons-material/Send';
import { SaveButton, type SaveButtonProps } from 'react-admin';
import { useFormState } from 'react-hook-form';

/**
 * The forms' Submit button. With `requireValid` it is enabled only when something changed (SaveButton's own rule)
 * and the form is valid (use it with form mode 'onChange').
 */
export const SubmitButton = ({ requireValid = false, disabled, ...props }: SaveButtonProps & { requireValid?: boolean }) => {
  const { isValid } = useFormState();

  return (
    <SaveButton
      label="caredesk.action.submit"
      icon={<SendIcon />}
      disabled={disabled || (requireValid && !isValid)}
      {...props}
    />
  );
};
