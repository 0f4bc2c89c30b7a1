import { Box, Tooltip } from '@mui/material';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/** Whether the element's text is wider than its box (cut off), kept up to date as the box is resized. */
function useIsCut(ref: RefObject<HTMLElement | null>, text: string): boolean {
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setCut(element.scrollWidth > element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, text]);
  return cut;
}

/**
 * A value in one line of a list: cut with an ellipsis where the column is narrower. Where something is not shown (the text
 * is cut, or shortened as `text`), the whole value is in a tooltip on hover and on keyboard focus; otherwise the value is
 * no tab stop of its own.
 */
export const OneLineText = ({ text, whole = text, testId }: { text: string; whole?: string; testId?: string }) => {
  const ref = useRef<HTMLSpanElement>(null);
  const hidden = useIsCut(ref, text) || whole !== text;
  return (
    <Tooltip title={whole} disableHoverListener={!hidden} disableFocusListener={!hidden} disableTouchListener={!hidden}>
      <Box
        component="span"
        ref={ref}
        tabIndex={hidden ? 0 : undefined}
        data-testid={testId}
        sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {text}
      </Box>
    </Tooltip>
  );
};
