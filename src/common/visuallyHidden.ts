/** An `sx` for text that assistive technology reads and the screen does not show (as MUI's visuallyHidden). */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  m: '-1px',
  overflow: 'hidden',
  p: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
