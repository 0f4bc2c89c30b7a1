import SendIcon from '@mui/icons-material/Send';
import { SaveButton, type SaveButtonProps, useSaveContext } from 'react-admin';
import { useFormState } from 'react-hook-form';

/**
 * The forms' Submit button, disabled while the form is being saved. With `requireValid` it is enabled only when
 * something changed (SaveButton's own rule) and the form is valid (use it with form mode 'onChange').
 */
export const SubmitButton = ({
  requireValid = false,
  disabled,
  alwaysEnable,
  ...props
}: SaveButtonProps & { requireValid?: boolean }) => {
  const { isValid } = useFormState();
  const saving = useSaveContext()?.saving ?? false;

  return (
    <SaveButton
      label="caredesk.action.submit"
      icon={<SendIcon />}
      disabled={saving || disabled || (requireValid && !isValid)}
      alwaysEnable={saving ? false : alwaysEnable}
      {...props}
    />
  );
};
