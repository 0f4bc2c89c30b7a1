import { IconButton, type IconButtonProps, Tooltip } from '@mui/material';
import { type FocusEvent, type MouseEvent, useRef, useState } from 'react';

interface DialogIconButtonProps extends Omit<IconButtonProps, 'title'> {
  /** The tooltip (and, unless `aria-label` is given, the accessible name). */
  title: string;
}

/**
 * Where the button stands between its click and the person moving on: `open` while its dialog is open, `returned` once
 * the closing dialog gave the focus back, `idle` otherwise.
 */
type DialogPhase = 'idle' | 'open' | 'returned';

/**
 * An icon button with a tooltip that opens a dialog (or popup). The tooltip closes on the click and stays closed while
 * the dialog is open and after it returned the focus to the button (Escape, Cancel), until the pointer leaves the
 * button or the focus moves on: browsers send the returned focus and a hover of the pointer resting where the dialog
 * was, and either would bring the tooltip back over the next row. A later hover or keyboard focus shows it as usual.
 */
export const DialogIconButton = ({
  title,
  onClick,
  onFocus,
  onBlur,
  onMouseLeave,
  ...props
}: DialogIconButtonProps) => {
  const [open, setOpen] = useState(false);
  const phase = useRef<DialogPhase>('idle');

  const show = () => {
    if (phase.current === 'idle') setOpen(true);
  };
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    phase.current = 'open';
    setOpen(false);
    onClick?.(event);
  };
  const focus = (event: FocusEvent<HTMLButtonElement>) => {
    if (phase.current === 'open') phase.current = 'returned';
    onFocus?.(event);
  };
  const moveOn = () => {
    if (phase.current === 'returned') phase.current = 'idle';
  };

  return (
    <Tooltip title={title} open={open} onOpen={show} onClose={() => setOpen(false)} disableInteractive>
      <IconButton
        aria-label={title}
        onClick={click}
        onFocus={focus}
        onBlur={(event) => {
          moveOn();
          onBlur?.(event);
        }}
        onMouseLeave={(event) => {
          // a popup that took no focus never gives it back: leaving the button ends its quiet as well
          if (phase.current === 'open' && document.activeElement === event.currentTarget) phase.current = 'idle';
          moveOn();
          onMouseLeave?.(event);
        }}
        {...props}
      />
    </Tooltip>
  );
};
