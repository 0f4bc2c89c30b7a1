import { Button, type ButtonProps, useTranslate } from 'react-admin';

/**
 * react-admin's Button, which shows only its icon on a phone: named by its label there even while disabled (react-admin
 * names only an enabled icon button, so a disabled one reached screen readers without a name).
 */
export const ToolbarButton = ({ label, ...props }: ButtonProps & { label: string }) => {
  const translate = useTranslate();
  return <Button label={label} aria-label={translate(label, { _: label })} {...props} />;
};
