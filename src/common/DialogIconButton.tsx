import { IconButton, type IconButtonProps, Tooltip } from '@mui/material';
import { type MouseEvent, type SyntheticEvent, useRef, useState } from 'react';

interface DialogIconButtonProps extends Omit<IconButtonProps, 'title'> {
  /** The tooltip (and, unless `aria-label` is given, the accessible name). */
  title: string;
}

/**
 * An icon button with a tooltip that opens a dialog (or popup). The tooltip closes on the click and does not come back
 * when the closing dialog returns the focus to the button (Escape, Close): it would stay until the next blur and, being
 * interactive, catch the next click meant for the row below. A later hover or keyboard focus shows it as usual.
 */
export const DialogIconButton = ({ title, onClick, ...props }: DialogIconButtonProps) => {
  const [open, setOpen] = useState(false);
  const ignoreNextFocus = useRef(false);

  const show = (event: SyntheticEvent) => {
    if (event.type === 'focus' && ignoreNextFocus.current) {
      ignoreNextFocus.current = false;
      return;
    }
    setOpen(true);
  };
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    ignoreNextFocus.current = true;
    setOpen(false);
    onClick?.(event);
  };

  return (
    <Tooltip title={title} open={open} onOpen={show} onClose={() => setOpen(false)} disableInteractive>
      <IconButton aria-label={title} onClick={click} {...props} />
    </Tooltip>
  );
};
