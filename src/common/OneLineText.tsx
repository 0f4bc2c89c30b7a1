import { Box, Tooltip } from '@mui/material';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/** One line of text, cut with an ellipsis where its box is narrower. */
export const ONE_LINE_SX = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

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
 * For an element showing `text` in one line (`ONE_LINE_SX`): its ref, whether something is not shown (the text is cut, or
 * shortened from `whole`), and the props of a Tooltip around it that shows the whole value on hover and on keyboard focus
 * only then.
 */
export function useOneLine<T extends HTMLElement>(text: string, whole = text) {
  const ref = useRef<T>(null);
  const hidden = useIsCut(ref, text) || whole !== text;
  const tooltip = {
    title: whole,
    disableHoverListener: !hidden,
    disableFocusListener: !hidden,
    disableTouchListener: !hidden,
  };
  return { ref, hidden, tooltip };
}

/**
 * A value in one line of a list: cut with an ellipsis where the column is narrower. Where something is not shown (the text
 * is cut, or shortened as `text`), the whole value is in a tooltip on hover and on keyboard focus; otherwise the value is
 * no tab stop of its own.
 */
export const OneLineText = ({ text, whole = text, testId }: { text: string; whole?: string; testId?: string }) => {
  const { ref, hidden, tooltip } = useOneLine<HTMLSpanElement>(text, whole);
  return (
    <Tooltip {...tooltip}>
      <Box component="span" ref={ref} tabIndex={hidden ? 0 : undefined} data-testid={testId} sx={ONE_LINE_SX}>
        {text}
      </Box>
    </Tooltip>
  );
};
